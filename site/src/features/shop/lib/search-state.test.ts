import { describe, expect, it } from 'vitest'
import { DEFAULT_DISPLAY, DEFAULT_FILTERS, DEFAULT_SEARCH_STATE, readMenuSearch, withPreviousSearch, writeMenuSearch } from './search-state'

describe('search state', () => {
  it('has docs/specification.md §3 defaults exactly', () => {
    expect(DEFAULT_FILTERS).toEqual({
      newOnly: false,
      saleOnly: false,
      dealsOnly: false,
      staleExclude: false,
      openNow: false,
      searchText: '',
      sortBy: 'name',
      sortByDirection: 'asc',
      distance: 1000,
    })
    expect(DEFAULT_DISPLAY).toEqual({ oneList: false, cardView: false })
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
      distance: 10,
    }
    const params = writeMenuSearch({ search, filters, page: 3 })
    expect(params.toString()).toBe(
      'by=distance&lat=39.9862&lng=-82.9855&within=25&near=Columbus&medical=0&type=Vape&sale=1&q=wedding+cake&sort=price&dir=desc&distance=10&page=3',
    )
    expect(readMenuSearch(params)).toEqual({ search, filters, page: 3, searched: true })
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
