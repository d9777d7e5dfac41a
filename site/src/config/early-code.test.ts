import { afterEach, describe, expect, it } from 'vitest'
import { earlyCodeScript, type RouteCode } from './early-code'
import { ROUTES } from './routes'

const CODE: RouteCode = {
  store: { scripts: ['assets/store-x.js', 'assets/offers-o.js'], styles: ['assets/store-x.css'] },
  limits: { scripts: ['assets/limits-x.js'], styles: [] },
  profile: { scripts: ['assets/profile-x.js'], styles: [] },
}

// The inline script runs as the built pages carry it (vite.config.ts), at a URL, in a document's head.
function linksAt(url: string, base = '/', code = CODE) {
  window.history.replaceState(null, '', url)
  document.head.innerHTML = ''
  new Function(earlyCodeScript(ROUTES, base, code))()
  return [...document.head.querySelectorAll<HTMLLinkElement>('link')].map((l) => [
    l.rel,
    l.getAttribute('href'),
    l.getAttribute('as'),
    l.getAttribute('crossorigin'),
  ])
}

afterEach(() => window.history.replaceState(null, '', '/'))

describe('the early code script', () => {
  it('asks for a screen’s chunks, then its stylesheets, in CORS mode, under an alias too', () => {
    const store = [
      ['modulepreload', '/assets/store-x.js', null, ''],
      ['modulepreload', '/assets/offers-o.js', null, ''],
      ['preload', '/assets/store-x.css', 'style', ''],
    ]
    expect(linksAt('/dispensary-menus/bloom-akron')).toEqual(store)
    expect(linksAt('/menu/bloom-akron/')).toEqual(store)
    // A personal screen's code is the same for everyone.
    expect(linksAt('/profile')).toEqual([['modulepreload', '/assets/profile-x.js', null, '']])
  })

  it('reads the code under the base path', () => {
    expect(linksAt('/omc/dispensary-limits', '/omc/')).toEqual([['modulepreload', '/omc/assets/limits-x.js', null, '']])
  })

  it('asks for nothing at an unknown path or a route with no code of its own', () => {
    expect(linksAt('/no-such-page')).toEqual([])
    expect(linksAt('/dispensary-menus/a/b')).toEqual([])
    expect(linksAt('/events')).toEqual([])
  })

  it('keeps files outside assets/ whole, and is empty with no code at all', () => {
    expect(linksAt('/dispensary-limits', '/', { limits: { scripts: ['js/limits.js'], styles: [] } })).toEqual([['modulepreload', '/js/limits.js', null, '']])
    expect(earlyCodeScript(ROUTES, '/', {})).toBe('')
  })
})
