import { describe, expect, it } from 'vitest'
import { NO_FACETS } from './facets'
import {
  DEFAULT_DISPLAY,
  DEFAULT_FILTERS,
  DEFAULT_SEARCH_STATE,
  effectiveSort,
  readMenuSearch,
  withPreviousSearch,
  writeMenuSearch,
} from './search-state'

describe('search state', () => {
  it('has docs/specification.md §3 defaults, but the order following the search and no second distance', () => {
    expect(DEFAULT_FILTERS).toEqual({
      ...NO_FACETS,
      newOnly: false,
      saleOnly: false,
      dealsOnly: false,
      staleExclude: false,
      openNow: false,
      searchText: '',
      sortBy: null,
      sortByDirection: 'asc',
    })
    expect(DEFAULT_DISPLAY).toEqual({ groupByStore: false, cardView: false })
    expect(DEFAULT_SEARCH_STATE).toMatchObject({
      coordinates: { latitude: 0, longitude: 0 },
      maxDistance: 50,
      searchType: 'region',
      previousSearch: null,
    })
  })

  it('reads an empty URL as the defaults, not yet searched', () => {
    const read = readMenuSearch(new URLSearchParams())
    expect(read).toEqual({ search: DEFAULT_SEARCH_STATE, filters: DEFAULT_FILTERS, page: 1, searched: false })
  })

  it('reads a link that only carries a share’s tracking parameters as no search either', () => {
    for (const query of ['fbclid=IwAR0abc', 'utm_source=facebook&utm_medium=social', 'gclid=x']) {
      expect(readMenuSearch(new URLSearchParams(query)), query).toEqual(readMenuSearch(new URLSearchParams()))
    }
    expect(readMenuSearch(new URLSearchParams('utm_source=facebook&region=Central')).searched).toBe(true)
  })

  it('writes and reads back a whole search', () => {
    const search = {
      ...DEFAULT_SEARCH_STATE,
      searchType: 'distance' as const,
      coordinates: { latitude: 39.9862, longitude: -82.9855 },
      maxDistance: 25,
      place: 'Columbus',
      showMedical: false,
      productType: 'Vape',
    }
    const filters = {
      ...DEFAULT_FILTERS,
      saleOnly: true,
      searchText: 'wedding cake',
      sortBy: 'price' as const,
      sortByDirection: 'desc' as const,
      brands: ['Klutch', 'Grow Ohio'],
      strainTypes: ['indica' as const],
      sizes: ['3.5g', '100mg'],
      terpenes: ['myrcene'],
      thcMin: 20,
      thcMax: 30,
      cbdMin: 1,
      priceMin: 10,
      priceMax: 50.5,
      newOnly: true,
    }
    const params = writeMenuSearch({ search, filters, page: 3 })
    expect(params.toString()).toBe(
      'by=distance&lat=39.9862&lng=-82.9855&within=25&near=Columbus&medical=0&type=Vape&brand=Klutch&brand=Grow+Ohio&strain=indica&size=3.5g&size=100mg&terpene=myrcene&thcMin=20&thcMax=30&cbdMin=1&priceMin=10&priceMax=50.5&sale=1&new=1&q=wedding+cake&sort=price&dir=desc&page=3',
    )
    expect(readMenuSearch(params)).toEqual({ search, filters, page: 3, searched: true })
  })

  it('reads an old link’s “hide offers farther than” as the radius, and drops filter values it does not know', () => {
    const read = readMenuSearch(new URLSearchParams('by=distance&lat=40&lng=-83&within=50&distance=10&strain=purple&size=lots&brand=A&brand=A'))
    expect(read.search.maxDistance).toBe(10)
    expect(read.filters).toMatchObject({ strainTypes: [], sizes: [], brands: ['A'] })
  })

  it('sorts a distance search by distance, a text search by relevance, otherwise by price, until an order is chosen', () => {
    const distance = { searchType: 'distance' as const, coordinates: { latitude: 40, longitude: -83 } }
    const none = { sortBy: null, searchText: '' }
    expect(effectiveSort(DEFAULT_SEARCH_STATE, none)).toBe('price')
    expect(effectiveSort(distance, none)).toBe('distance')
    expect(effectiveSort(distance, { sortBy: null, searchText: 'gelato' })).toBe('relevance')
    expect(effectiveSort(DEFAULT_SEARCH_STATE, { sortBy: 'thc', searchText: 'gelato' })).toBe('thc')
    // Relevance without a text to match is no order: the search's own.
    expect(effectiveSort(DEFAULT_SEARCH_STATE, { sortBy: 'relevance', searchText: ' ' })).toBe('price')
    expect(readMenuSearch(new URLSearchParams('by=region')).filters.sortBy).toBeNull()
  })

  it('leaves defaults out of the URL', () => {
    expect(writeMenuSearch({ search: DEFAULT_SEARCH_STATE, filters: DEFAULT_FILTERS, page: 1 }).toString()).toBe('by=region&type=Flower')
  })

  it.each([
    ['region=Atlantis', 'region', ''],
    ['type=Hats', 'productType', 'Flower'],
    ['within=-5&by=distance&lat=40&lng=-83', 'maxDistance', 50],
    ['by=distance', 'searchType', 'region'],
  ])('takes the default for a bad value (%s)', (query, key, expected) => {
    expect(readMenuSearch(new URLSearchParams(query)).search[key as 'region']).toBe(expected)
  })

  it('shows both markets when a URL turns both off', () => {
    const { search } = readMenuSearch(new URLSearchParams('medical=0&recreational=0'))
    expect([search.showMedical, search.showRecreational]).toEqual([true, true])
  })

  it('restores a previous search', () => {
    const previous = { region: 'Central', menuType: 'recreational' as const, productType: 'Vape' }
    expect(withPreviousSearch(previous)).toMatchObject({
      region: 'Central',
      showMedical: false,
      showRecreational: true,
      productType: 'Vape',
      previousSearch: previous,
    })
  })
})
