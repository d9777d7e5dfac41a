import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { clearPrefetched } from '../api/prefetch'
import { resetThemeStoreForTests } from '../lib/theme-store'
import { clearToasts } from '../lib/toast-store'
import { installMatchMedia } from './media'
import { server } from './server'

// findBy* waits up to this long: the first import of a lazy screen can be slow on a busy machine.
configure({ asyncUtilTimeout: 10_000 })

// jsdom has no layout, so no scrolling; RootFrame calls this on every navigation.
window.scrollTo = () => undefined

// jsdom has no matchMedia. Tests get a wide, light-preferring screen unless
// they set window.matchMedia themselves (see testing/media.ts).
if (!window.matchMedia) installMatchMedia({})

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  localStorage.clear()
  resetThemeStoreForTests()
  clearToasts()
  installMatchMedia({})
  server.resetHandlers()
  clearPrefetched()
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  })
})
afterAll(() => server.close())
