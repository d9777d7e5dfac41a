import { afterEach, describe, expect, it } from 'vitest'
import { earlyCodeScript, type RouteCode } from './early-code'
import { ROUTES } from './routes'

const CODE: RouteCode = {
  store: { scripts: ['assets/store-x.js', 'assets/offers-o.js'], styles: ['assets/store-x.css'] },
  limits: { scripts: ['assets/limits-x.js'], styles: [] },
  profile: { scripts: ['assets/profile-x.js'], styles: [] },
}

// The inline script runs as the built pages carry it (vite.config.ts), at a URL, in a document's head.
async function linksAt(url: string, base = '/', code = CODE) {
  window.history.replaceState(null, '', url)
  document.head.innerHTML = ''
  new Function(earlyCodeScript(ROUTES, base, code))()
  // The links are added in a task of their own, after the parser's.
  expect(document.head.querySelectorAll('link')).toHaveLength(0)
  await new Promise((resolve) => setTimeout(resolve, 0))
  return [...document.head.querySelectorAll<HTMLLinkElement>('link')].map((l) => [
    l.rel,
    l.getAttribute('href'),
    l.getAttribute('as'),
    l.getAttribute('crossorigin'),
  ])
}

afterEach(() => window.history.replaceState(null, '', '/'))

describe('the early code script', () => {
  it('asks for a screen’s chunks, then its stylesheets, in CORS mode, under an alias too', async () => {
    const store = [
      ['modulepreload', '/assets/store-x.js', null, ''],
      ['modulepreload', '/assets/offers-o.js', null, ''],
      ['preload', '/assets/store-x.css', 'style', ''],
    ]
    expect(await linksAt('/dispensary-menus/bloom-akron')).toEqual(store)
    expect(await linksAt('/menu/bloom-akron/')).toEqual(store)
    // A personal screen's code is the same for everyone.
    expect(await linksAt('/profile')).toEqual([['modulepreload', '/assets/profile-x.js', null, '']])
  })

  it('reads the code under the base path', async () => {
    expect(await linksAt('/omc/dispensary-limits', '/omc/')).toEqual([['modulepreload', '/omc/assets/limits-x.js', null, '']])
  })

  it('asks for nothing at an unknown path or a route with no code of its own', async () => {
    expect(await linksAt('/no-such-page')).toEqual([])
    expect(await linksAt('/dispensary-menus/a/b')).toEqual([])
    expect(await linksAt('/events')).toEqual([])
  })

  it('keeps files outside assets/ whole, and is empty with no code at all', async () => {
    expect(await linksAt('/dispensary-limits', '/', { limits: { scripts: ['js/limits.js'], styles: [] } })).toEqual([
      ['modulepreload', '/js/limits.js', null, ''],
    ])
    expect(earlyCodeScript(ROUTES, '/', {})).toBe('')
  })
})
