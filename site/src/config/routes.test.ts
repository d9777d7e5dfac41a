import { describe, expect, it } from 'vitest'
import { isPrerendered, pathsOf, ROUTES, routes, siteRoutesJson } from './routes'

describe('the route list', () => {
  it('writes routes.json for omc serve with every path of every screen, patterns included', () => {
    const { paths } = JSON.parse(siteRoutesJson()) as { paths: string[] }
    expect(paths).toEqual(ROUTES.flatMap(pathsOf))
    expect(paths).toContain('/')
    expect(paths).toContain('/menu')
    expect(paths).toContain('/product/:code')
    expect(paths).toContain('/signin')
    expect(new Set(paths).size).toBe(paths.length)
    for (const path of paths) expect(path).toMatch(/^\/([A-Za-z0-9-]+|:[a-z]+)?(\/([A-Za-z0-9-]+|:[a-z]+))*$/)
  })

  it('names in routes.json the snapshot each store, product, strain and terpene page shows, so omc serve finds only published ones', () => {
    const { snapshots } = JSON.parse(siteRoutesJson()) as { snapshots: Record<string, string> }
    expect(snapshots).toEqual({
      '/dispensary-menus/:store': 'menus/:store',
      '/menu/:store': 'menus/:store',
      // A region's view of Menus: an unknown region or type, or one with nothing in stock, is a 404 too.
      '/dispensary-menus/:region/:type': 'search/:type/first-:region',
      '/product/:code': 'products/:code',
      // An unknown strain is a 404 too (api/strains/<slug> is published for every strain).
      '/strain-genetics/:genetic': 'strains/:genetic',
      '/genetics/:genetic': 'strains/:genetic',
      // And an unknown terpene (api/terpenes/<slug> is published for every terpene on a menu and every one the guide describes).
      '/terpenes/:terpene': 'terpenes/:terpene',
    })
  })

  it('names in routes.json the main path of each alias, so omc serve can send an alias to its main path’s rendered page', () => {
    const { aliases } = JSON.parse(siteRoutesJson()) as { aliases: Record<string, string> }
    expect(aliases['/menu/:store']).toBe('/dispensary-menus/:store')
    expect(aliases['/home']).toBe('/')
    expect(Object.keys(aliases)).toEqual(ROUTES.flatMap((r) => r.aliases ?? []))
  })

  it('names in routes.json the personal screens, which are not pre-rendered', () => {
    const { personal } = JSON.parse(siteRoutesJson()) as { personal: string[] }
    expect(personal).toEqual(['/signin', '/signup', '/profile'])
    for (const path of personal) expect(isPrerendered(ROUTES.find((r) => pathsOf(r).includes(path))!)).toBe(false)
  })

  it('pre-renders the public screens only: not the account screens, not the pages of one thing', () => {
    expect(isPrerendered(routes.home)).toBe(true)
    expect(isPrerendered(routes.profile)).toBe(false)
    expect(isPrerendered(routes.strain)).toBe(false)
    expect(isPrerendered(routes.product)).toBe(false)
  })

  it('names a sidebar or footer link only with one of the screen’s own paths', () => {
    for (const route of ROUTES) if (route.nav?.[2]) expect(pathsOf(route)).toContain(route.nav[2])
  })
})
