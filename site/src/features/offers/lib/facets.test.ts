import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import firstFile from '@/testing/fixtures/shop/search-flower-first.json'
import firstNortheast from '@/testing/fixtures/shop/search-flower-first-northeast.json'
import wholeState from '@/testing/fixtures/shop/search-flower-all-1.json'
import northeast from '@/testing/fixtures/shop/search-flower-northeast.json'
import searchStores from '@/testing/fixtures/shop/search-stores.json'
import { searchFirstSchema, type SearchShard, type SearchStores } from '../api/shop-schemas'
import { joinOffers } from './offer-search'
import {
  countFacets,
  countFacetsOnce,
  countInRange,
  keepFacets,
  NO_FACETS,
  potencyUnitFor,
  publishedCounts,
  sizeBucket,
  sizeLabel,
  sizeOrder,
  type FacetFilters,
  type FacetOffer,
} from './facets'

const offer = (o: Partial<FacetOffer>): FacetOffer => ({
  category: 'Flower',
  brand: 'Klutch',
  strainType: 'hybrid',
  sizeKey: '3.5g',
  terpenes: [],
  thc: 20,
  cbd: null,
  potencyUnit: '%',
  paid: 40,
  salePrice: null,
  isNew: false,
  ...o,
})

// A small menu with something in every facet.
const OFFERS: FacetOffer[] = [
  offer({ brand: 'Klutch', strainType: 'indica', thc: 27, terpenes: ['myrcene', 'limonene'], salePrice: 36, paid: 36 }),
  offer({ brand: 'Klutch', strainType: 'sativa', sizeKey: '7g', thc: 18, paid: 70, isNew: true }),
  offer({ brand: 'Grow Ohio', strainType: 'hybrid', thc: 24, terpenes: ['myrcene'], paid: 42 }),
  offer({ brand: 'Grow Ohio', strainType: null, sizeKey: '1g', thc: null, paid: 15, isNew: true }),
  offer({ brand: 'Galenas', strainType: 'indica', sizeKey: '28g', thc: 31, cbd: 1.2, paid: 200, salePrice: 180 }),
  offer({ brand: null, category: 'Edible', sizeKey: '100mg', thc: 100, potencyUnit: 'mg', paid: 20 }),
]

const left = (f: Partial<FacetFilters>) => ({
  offers: keepFacets(OFFERS, { ...NO_FACETS, ...f }, '%'),
  counts: countFacets(OFFERS, { ...NO_FACETS, ...f }, '%'),
})

describe('filters with counts', () => {
  it('keeps every offer and counts every option when nothing is chosen', () => {
    const { offers, counts } = left({})
    expect(offers).toHaveLength(OFFERS.length)
    expect(Object.fromEntries(counts.brand)).toEqual({ Klutch: 2, 'Grow Ohio': 2, Galenas: 1 })
    expect(Object.fromEntries(counts.strainType)).toEqual({ indica: 2, sativa: 1, hybrid: 2 })
    expect(Object.fromEntries(counts.terpene)).toEqual({ myrcene: 2, limonene: 1 })
    expect([counts.sale, counts.new]).toEqual([2, 2])
    // The edible's THC is in mg: not counted among the % figures.
    // The range values come sorted, for countInRange's binary searches.
    expect([...counts.thc]).toEqual([18, 24, 27, 31])
    expect([...counts.price]).toEqual([15, 20, 36, 42, 70, 200])
  })

  it('gives each option the number of offers it leaves when chosen, given the other filters', () => {
    const chosen: Partial<FacetFilters>[] = [
      {},
      { saleOnly: true },
      { strainTypes: ['indica'] },
      { thcMin: 20 },
      { sizes: ['3.5g'] },
      { newOnly: true },
    ]
    for (const others of chosen) {
      const { counts } = left(others)
      for (const [brand, count] of counts.brand)
        expect(left({ ...others, brands: [brand] }).offers, `${brand} with ${JSON.stringify(others)}`).toHaveLength(count)
      for (const [type, count] of counts.strainType)
        expect(left({ ...others, strainTypes: [type as 'indica'] }).offers, `${type} with ${JSON.stringify(others)}`).toHaveLength(count)
      for (const [size, count] of counts.size) expect(left({ ...others, sizes: [size] }).offers).toHaveLength(count)
      for (const [terpene, count] of counts.terpene) expect(left({ ...others, terpenes: [terpene] }).offers).toHaveLength(count)
      expect(left({ ...others, saleOnly: true }).offers).toHaveLength(counts.sale)
      expect(left({ ...others, newOnly: true }).offers).toHaveLength(counts.new)
      for (const min of [10, 20, 25, 30])
        expect(left({ ...others, thcMin: min }).offers, `THC ≥ ${min} with ${JSON.stringify(others)}`).toHaveLength(
          countInRange(counts.thc, min, others.thcMax ?? null),
        )
      for (const max of [40, 100, 200]) expect(left({ ...others, priceMax: max }).offers).toHaveLength(countInRange(counts.price, null, max))
    }
  })

  it('takes two options of one filter as either, and two filters as both', () => {
    expect(left({ brands: ['Klutch', 'Galenas'] }).offers).toHaveLength(3)
    expect(left({ brands: ['Klutch', 'Galenas'], strainTypes: ['indica'] }).offers).toHaveLength(2)
    // Choosing a brand leaves the brand counts as they were: another brand adds its offers.
    expect(Object.fromEntries(left({ brands: ['Klutch'] }).counts.brand)).toEqual({ Klutch: 2, 'Grow Ohio': 2, Galenas: 1 })
  })

  it('counts a range’s options with both ends included, either end open', () => {
    const values = Float64Array.from([10, 15, 15, 20, 25.5, 30])
    expect(countInRange(values, 15, 25.5)).toBe(4)
    expect(countInRange(values, 15, null)).toBe(5)
    expect(countInRange(values, null, 14.99)).toBe(1)
    expect(countInRange(values, 31, null)).toBe(0)
    expect(countInRange(values, 20, 15)).toBe(0)
    expect(countInRange(new Float64Array(), null, null)).toBe(0)
  })

  it('counts once per list of offers and choice of filters', () => {
    const brand = { ...NO_FACETS, brands: ['Klutch'] }
    const first = countFacetsOnce(OFFERS, brand, '%')
    expect(countFacetsOnce(OFFERS, { ...brand, brands: ['Klutch'] }, '%')).toBe(first)
    expect(first).toEqual(countFacets(OFFERS, brand, '%'))
    // Another choice, another unit or another list of offers is counted anew.
    const none = countFacetsOnce(OFFERS, NO_FACETS, '%')
    expect(none).not.toBe(first)
    expect(none.sale).toBe(2)
    expect(countFacetsOnce(OFFERS, brand, 'mg')).not.toBe(first)
    expect(countFacetsOnce([...OFFERS], brand, '%')).not.toBe(first)
    expect(countFacetsOnce(OFFERS, brand, '%')).toBe(first)
  })

  it('filters THC and CBD in the search’s unit only', () => {
    expect(keepFacets(OFFERS, { ...NO_FACETS, thcMin: 50 }, 'mg').map((o) => o.category)).toEqual(['Edible'])
    expect(left({ cbdMin: 1 }).offers.map((o) => o.brand)).toEqual(['Galenas'])
  })
})

describe('sizes as shoppers say them', () => {
  it.each([
    ['Flower', 3.5, null, '3.5g', '⅛ oz'],
    ['Flower', 3.54, null, '3.5g', '⅛ oz'],
    ['Flower', 7.08, null, '7g', '¼ oz'],
    ['Flower', 14, null, '14g', '½ oz'],
    ['Flower', 28.35, null, '28g', '1 oz'],
    ['Flower', 1, null, '1g', '1 g'],
    ['Vape', 0.5, null, '0.5g', '½ g'],
    ['Preroll', 2.5, null, '2.5g', '2.5 g'],
    ['Edible', null, 100, '100mg', '100 mg'],
    ['Edible', 10, 110.4, '110mg', '110 mg'],
    ['Extract', null, 500, '500mg', '500 mg'],
  ] as const)('%s of %s g / %s mg is %s (%s)', (category, grams, mg, key, label) => {
    expect(sizeBucket(category, grams, mg)).toBe(key)
    expect(sizeLabel(key)).toBe(label)
  })

  it('has no size without an amount, and orders weights before doses', () => {
    expect(sizeBucket('Flower', null, null)).toBeNull()
    expect(sizeBucket('Other', 0, 0)).toBeNull()
    expect(['100mg', '28g', '1g', '3.5g', '10mg'].sort(sizeOrder)).toEqual(['1g', '3.5g', '28g', '10mg', '100mg'])
  })
})

describe('publishedCounts', () => {
  const stores = searchStores as SearchStores
  // publish's golden files (publish/testdata): each first page with the whole search it is the first page of.
  const searches = [
    ['the whole state', firstFile, [wholeState]],
    ['one region', firstNortheast, [northeast]],
  ] as const
  const sorted = (map: ReadonlyMap<string, number>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

  it.each(searches)('are the site’s own counts of %s’s offers with no filter chosen', (_, file, shards) => {
    const first = v.parse(searchFirstSchema, file)
    expect(first.facets).toBeDefined()
    const published = publishedCounts(first.facets!, first.category)
    const own = countFacets(joinOffers(stores, shards as unknown as SearchShard[], null), NO_FACETS, potencyUnitFor(first.category))
    for (const facet of ['brand', 'strainType', 'size', 'terpene'] as const) {
      expect(sorted(published[facet])).toEqual(sorted(own[facet]))
      expect(published[facet].size).toBeGreaterThan(0)
    }
    expect({ sale: published.sale, new: published.new }).toEqual({ sale: own.sale, new: own.new })
    // The ranges' values are the site's alone: their options show no count until it has counted.
    expect(published.thc).toBeUndefined()
  })

  it('reads each size as the site reads a product’s, adding up sizes it calls one', () => {
    const counts = publishedCounts(
      {
        brand: [],
        strainType: [],
        terpene: [],
        sale: 0,
        new: 0,
        size: [
          [3.5, null, 4],
          [3.54, null, 2],
          [null, null, 7],
          [1, null, 1],
        ],
      },
      'Flower',
    )
    expect([...counts.size]).toEqual([
      ['3.5g', 6],
      ['1g', 1],
    ])
  })
})
