import { describe, expect, it } from 'vitest'
import searchStores from '../../../testing/fixtures/shop/search-stores.json'
import type { SearchStores } from '../api/shop-schemas'
import { shardsFor, unitPriceOf } from './offer-search'
import { DEFAULT_SEARCH_STATE } from './search-state'

describe('unitPriceOf', () => {
  // The figures publish wrote as unitPrice when the search rows still carried it
  // (publish/testdata/search-flower-northeast.golden.json before the columns).
  it('divides the price paid by the grams, to the cent', () => {
    expect(unitPriceOf('Flower', 36, 3.5, null)).toEqual({ unitPrice: 10.29, unit: 'g' })
    expect(unitPriceOf('Flower', 38, 3.5, null)).toEqual({ unitPrice: 10.86, unit: 'g' })
    expect(unitPriceOf('Vape', 42, 3.5, null)).toEqual({ unitPrice: 12, unit: 'g' })
  })
  it('prices edibles per 100 mg of THC', () => {
    expect(unitPriceOf('Edible', 18, null, 200)).toEqual({ unitPrice: 9, unit: '100mg' })
    expect(unitPriceOf('Edible', 18, 10, null)).toEqual({ unitPrice: null, unit: null })
  })
  it('has none without an amount, for a free offer and for Other', () => {
    expect(unitPriceOf('Flower', 36, null, null)).toEqual({ unitPrice: null, unit: null })
    expect(unitPriceOf('Flower', 0, 3.5, null)).toEqual({ unitPrice: null, unit: null })
    expect(unitPriceOf('Other', 36, 3.5, 100)).toEqual({ unitPrice: null, unit: null })
  })
})

describe('shardsFor', () => {
  const stores = searchStores as SearchStores
  it('reads the whole-state file for all of Ohio, one region’s shard for a region', () => {
    expect(shardsFor(stores, { ...DEFAULT_SEARCH_STATE, productType: 'Flower' })).toEqual(['search/flower/all-1'])
    expect(shardsFor(stores, { ...DEFAULT_SEARCH_STATE, productType: 'Flower', region: 'Northwest' })).toEqual(['search/flower/northwest'])
  })
  it('reads the regions a distance search reaches, the whole-state file when it reaches them all', () => {
    const akron = { latitude: 41.0798, longitude: -81.5219 }
    expect(
      shardsFor(stores, { ...DEFAULT_SEARCH_STATE, productType: 'Flower', searchType: 'distance', coordinates: akron, maxDistance: 25 }),
    ).toEqual(['search/flower/northeast'])
    expect(
      shardsFor(stores, { ...DEFAULT_SEARCH_STATE, productType: 'Flower', searchType: 'distance', coordinates: akron, maxDistance: 200 }),
    ).toEqual(['search/flower/all-1'])
  })
  it('reads every part of the whole state', () => {
    const parts = { ...stores, shards: [...stores.shards, { category: 'Flower' as const, region: '', path: 'api/search/flower/all-2', offers: 1 }] }
    expect(shardsFor(parts, { ...DEFAULT_SEARCH_STATE, productType: 'Flower' })).toEqual(['search/flower/all-1', 'search/flower/all-2'])
  })
  it('reads a region’s shard when the type is listed in one region only', () => {
    expect(shardsFor(stores, { ...DEFAULT_SEARCH_STATE, productType: 'Vape' })).toEqual(['search/vape/northeast'])
  })
})
