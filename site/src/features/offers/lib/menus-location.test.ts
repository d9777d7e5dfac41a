import { afterEach, describe, expect, it, vi } from 'vitest'
import { CATEGORIES } from '@/api/common-schemas'
import { REGIONS } from '@/api/regions'
import { earlyDataScript } from '@/config/early-data'
import { ROUTES, routes } from '@/config/routes'
import { menusHref, menusLocation, queryRegionView, regionViewLocation, regionViewOf } from './menus-location'
import { DEFAULT_FILTERS, DEFAULT_SEARCH_STATE } from './search-state'

describe('where a Menus search lives in the URL', () => {
  const search = { ...DEFAULT_SEARCH_STATE }
  it('puts one region’s search of one type at the region’s page, the rest of the search in its query', () => {
    expect(menusLocation({ search: { ...search, region: 'Central' }, filters: DEFAULT_FILTERS, page: 1 })).toEqual({
      pathname: '/dispensary-menus/central/flower',
      search: '',
    })
    expect(
      menusHref({
        search: { ...search, region: 'Southeast', productType: 'Vape', showMedical: false },
        filters: { ...DEFAULT_FILTERS, saleOnly: true },
        page: 2,
      }),
    ).toBe('/dispensary-menus/southeast/vape?medical=0&sale=1&page=2')
  })

  it('keeps all of Ohio and a search by distance at Menus’ own path', () => {
    expect(menusHref({ search, filters: DEFAULT_FILTERS, page: 1 })).toBe('/dispensary-menus?by=region&type=Flower')
    const near = {
      ...search,
      region: 'Central',
      searchType: 'distance' as const,
      coordinates: { latitude: 39.96, longitude: -83 },
      place: 'Columbus',
    }
    expect(menusLocation({ search: near, filters: DEFAULT_FILTERS, page: 1 }).pathname).toBe('/dispensary-menus')
  })

  it('reads a region’s page only as it writes it: known names, in lower case', () => {
    expect(regionViewOf({ region: 'central', type: 'flower' })).toEqual({ region: 'Central', productType: 'Flower' })
    for (const params of [{ region: 'Central', type: 'Flower' }, { region: 'atlantis', type: 'flower' }, { region: 'central', type: 'gummies' }, {}])
      expect(regionViewOf(params), JSON.stringify(params)).toBeUndefined()
  })
})

// The early script (config/early-data.ts) sends older links to the same page the app does.
describe('an older region link on the Menus page rendered after the publish', () => {
  // As vite.config.ts gives them.
  const VIEWS = { from: routes.menus.path, path: routes.menusRegion.path, regions: REGIONS, types: CATEGORIES }
  const MENUS = '<main><h1>Dispensary Menus</h1><p>Everything in stock, all of Ohio</p></main>'
  /** leadsAt runs the script at url on a page (its root's attributes) and returns where it sent the page, if anywhere. */
  function leadsAt(url: string, attributes = 'data-prerendered="/dispensary-menus" data-query=""', base = '/') {
    const { pathname, search, hash } = new URL(url, 'https://ohiomc.example')
    document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove())
    document.body.innerHTML = `<div id="root" ${attributes}>${MENUS}</div>`
    document.documentElement.dataset.early = 'pending'
    const replace = vi.fn()
    // The script reads the page's address from location: a stand-in records where it goes.
    new Function('location', earlyDataScript(ROUTES, '', base, 'menus', 'Ohio Marijuana Community', VIEWS))({ pathname, search, hash, replace })
    if (replace.mock.calls.length === 0) return null
    // It went before asking for anything or showing the page (its main part stays hidden: global.css).
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(0)
    expect(document.documentElement.dataset.early).toBe('pending')
    return replace.mock.calls[0]![0] as string
  }
  afterEach(() => delete document.documentElement.dataset.early)

  it('goes at once to the region’s page the same publish rendered, where the app would move it', () => {
    for (const query of [
      '?by=region&region=Central&type=Flower',
      '?region=Northeast&type=Vape&sale=1&utm_source=facebook',
      '?region=Southwest',
      '?by=region&type=Edible&region=Northwest&sort=price&page=2',
    ]) {
      const view = queryRegionView(new URLSearchParams(query))!
      const { pathname, search } = regionViewLocation(view, new URLSearchParams(query))
      expect(leadsAt(`/dispensary-menus${query}#results`), query).toBe(`${pathname}${search}#results`)
    }
    expect(leadsAt('/omc/dispensary-menus?region=Central', 'data-prerendered="/dispensary-menus" data-query=""', '/omc/')).toBe(
      '/omc/dispensary-menus/central/flower',
    )
  })

  it('leaves every other search, and a page not rendered after a publish, to the app', () => {
    for (const query of [
      '',
      '?type=Flower',
      '?by=distance&region=Central&lat=40&lng=-83',
      '?region=Atlantis',
      '?region=central',
      '?region=Central&type=Gummies',
    ]) {
      expect(queryRegionView(new URLSearchParams(query)), query).toBeUndefined()
      expect(leadsAt(`/dispensary-menus${query}`), query).toBeNull()
    }
    // The build's own page (no data-query): no region's page was rendered beside it.
    expect(leadsAt('/dispensary-menus?region=Central', 'data-prerendered="/dispensary-menus"')).toBeNull()
    expect(leadsAt('/dispensary-menus?region=Central', '')).toBeNull()
  })
})
