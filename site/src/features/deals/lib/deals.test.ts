import { describe, expect, it } from 'vitest'
import type { DealOffer } from '@/features/offers/api/shop-schemas'
import { dealsParams, DEALS_PER_PAGE, NO_PLACE, pageOfDeals, placePatch, readDealsQuery, selectDeals, unitGroupCounts } from './deals'
import { DEFAULT_MILES } from '@/features/offers/lib/default-distance'

const deal = (code: string, unitPrice: number | null, unit: DealOffer['unit'], discount = 0.2, storeName = 'Store'): DealOffer => ({
  code,
  name: code,
  brand: 'Brand',
  category: unit === '100mg' ? 'Edible' : 'Flower',
  size: '3.5g',
  grams: 3.5,
  mg: null,
  orderUrl: null,
  price: 50,
  salePrice: 40,
  discount,
  unitPrice,
  unit,
  thc: 20,
  potencyUnit: '%',
  slug: 'store',
  storeName,
  city: 'Columbus',
  lat: 39.96,
  lng: -83,
  market: 'recreational',
  lastUpdate: '2026-07-01T12:00:00Z',
  freshness: 'current',
  isNew: false,
  sample: false,
})

const order = (deals: DealOffer[], sort: 'discount' | 'unitPrice' | 'thcValue') =>
  selectDeals(deals, { point: null, within: null, category: '', market: '', sort }).map((d) => d.code)

describe('deals ordering', () => {
  // A cheap-looking edible ($2/100 mg THC) and costly flower ($9/g): a single number line would put the edible first.
  const deals = [
    deal('gummies', 2, '100mg', 0.3),
    deal('flower-9', 9, 'g', 0.1),
    deal('no-unit', null, null, 0.5),
    deal('flower-7', 7, 'g', 0.2),
    deal('chocolate', 4, '100mg', 0.4),
  ]

  it('sorts by unit price per gram first, then per 100 mg THC, then deals with no unit price', () => {
    expect(order(deals, 'unitPrice')).toEqual(['flower-7', 'flower-9', 'gummies', 'chocolate', 'no-unit'])
  })

  it('sorts by discount across every unit', () => {
    expect(order(deals, 'discount')).toEqual(['no-unit', 'chocolate', 'gummies', 'flower-7', 'flower-9'])
  })

  it('breaks a unit-price tie by the larger discount, then the store', () => {
    const tied = [deal('b', 7, 'g', 0.1, 'Beta'), deal('a', 7, 'g', 0.1, 'Alpha'), deal('c', 7, 'g', 0.3, 'Zeta')]
    expect(order(tied, 'unitPrice')).toEqual(['c', 'a', 'b'])
  })

  it('counts the deals in each unit group', () => {
    expect(unitGroupCounts(deals)).toEqual({ g: 2, '100mg': 2, none: 1 })
  })
})

describe('deals pages', () => {
  const many = Array.from({ length: 2 * DEALS_PER_PAGE + 7 }, (_, i) => i)

  it('pages through every deal, the last page holding the rest', () => {
    expect(pageOfDeals(many, 1)).toMatchObject({ page: 1, pages: 3, first: 0 })
    const last = pageOfDeals(many, 3)
    expect(last.rows).toEqual(many.slice(2 * DEALS_PER_PAGE))
    expect(last.rows.at(-1)).toBe(many.at(-1))
  })

  it('shows the last page for a page past the end, and one empty page for no deals', () => {
    expect(pageOfDeals(many, 99)).toMatchObject({ page: 3, first: 2 * DEALS_PER_PAGE })
    expect(pageOfDeals([], 4)).toEqual({ rows: [], page: 1, pages: 1, first: 0 })
  })

  it('reads the page from the URL, 1 when missing or not a page', () => {
    expect(readDealsQuery(new URLSearchParams('page=3')).page).toBe(3)
    expect(readDealsQuery(new URLSearchParams('page=-2')).page).toBe(1)
    expect(readDealsQuery(new URLSearchParams('page=x')).page).toBe(1)
    expect(readDealsQuery(new URLSearchParams('')).page).toBe(1)
  })
})

describe('deals by value per 100 mg THC', () => {
  const potent = (code: string, o: Partial<DealOffer>, storeName = 'Store') => ({ ...deal(code, null, null, 0.2, storeName), ...o })
  const byValue = (deals: DealOffer[]) =>
    selectDeals(deals, { point: null, within: null, category: '', market: '', sort: 'thcValue' }).map((d) => [
      d.code,
      'per100mg' in d.perThc ? Math.round(d.perThc.per100mg * 100) / 100 : d.perThc.reason,
    ])

  it('orders flower, vapes and edibles on one line, those without potency last with their reason', () => {
    const deals = [
      // 3.5 g at 22 % = 770 mg for $35: $4.55.
      potent('eighth-22', { category: 'Flower', grams: 3.5, thc: 22, potencyUnit: '%', price: 45, salePrice: 35 }),
      // A 100 mg edible for $20: $20.00.
      potent('gummies-100', { category: 'Edible', grams: null, mg: 100, thc: 100, potencyUnit: 'mg', price: 25, salePrice: 20 }),
      // A cartridge with 425 mg for $30: $7.06.
      potent('cart-425mg', { category: 'Vape', grams: 0.5, thc: 425, potencyUnit: 'mg', price: 40, salePrice: 30 }),
      potent('no-thc', { thc: null, potencyUnit: null, discount: 0.5 }),
      potent('no-weight', { grams: null, thc: 25, discount: 0.1 }),
      // 28 g at 20 % = 5,600 mg for $140: $2.50.
      potent('ounce-20', { category: 'Flower', grams: 28, thc: 20, potencyUnit: '%', price: 200, salePrice: 140 }),
    ]
    expect(byValue(deals)).toEqual([
      ['ounce-20', 2.5],
      ['eighth-22', 4.55],
      ['cart-425mg', 7.06],
      ['gummies-100', 20],
      // Without a value: the larger discount first.
      ['no-thc', 'no-thc'],
      ['no-weight', 'no-weight'],
    ])
  })

  it('breaks a tie by the larger discount, then the store', () => {
    const tied = [
      potent('b', { grams: 3.5, thc: 20, salePrice: 35 }, 'Beta'),
      potent('a', { grams: 3.5, thc: 20, salePrice: 35 }, 'Alpha'),
      potent('c', { grams: 3.5, thc: 20, salePrice: 35, discount: 0.4 }, 'Zeta'),
    ]
    expect(byValue(tied).map(([code]) => code)).toEqual(['c', 'a', 'b'])
  })

  it('keeps the sort in the URL as sort=thcValue, discount otherwise', () => {
    expect(readDealsQuery(new URLSearchParams('sort=thcValue')).sort).toBe('thcValue')
    expect(readDealsQuery(new URLSearchParams('sort=unitPrice')).sort).toBe('unitPrice')
    expect(readDealsQuery(new URLSearchParams('sort=cheapest')).sort).toBe('discount')
  })
})

describe('the place of a Deals search', () => {
  it('reads a place found by the place field, and an older link naming a city alone', () => {
    expect(readDealsQuery(new URLSearchParams('near=ZIP+43215&lat=39.9691&lng=-83.0114&within=10'))).toMatchObject({
      near: { place: 'ZIP 43215', latitude: 39.9691, longitude: -83.0114 },
      within: 10,
    })
    expect(readDealsQuery(new URLSearchParams('near=Columbus')).near).toEqual({ place: 'Columbus', latitude: 39.9862, longitude: -82.9855 })
    expect(readDealsQuery(new URLSearchParams('lat=41.5&lng=-81.7')).near).toMatchObject({ latitude: 41.5, longitude: -81.7 })
  })

  it('ignores a place it cannot read, and a radius out of range', () => {
    for (const query of ['near=Atlantis', 'lat=95&lng=-83', 'lat=x&lng=-83', 'lat=0&lng=0', 'lat=&lng=-83'])
      expect(readDealsQuery(new URLSearchParams(query)).near, query).toBeUndefined()
    expect(readDealsQuery(new URLSearchParams('within=0')).within).toBe(DEFAULT_MILES)
    expect(readDealsQuery(new URLSearchParams('within=5000')).within).toBe(DEFAULT_MILES)
  })

  it('writes the place field’s changes to the URL and clears the page', () => {
    const params = new URLSearchParams('region=Central&page=3&sort=thcValue')
    const found = dealsParams(params, placePatch({ coordinates: { latitude: 39.96912, longitude: -83.01144 }, place: 'ZIP 43215' }))
    expect(Object.fromEntries(found)).toEqual({ region: 'Central', sort: 'thcValue', lat: '39.9691', lng: '-83.0114', near: 'ZIP 43215' })
    expect(dealsParams(found, placePatch({ maxDistance: 25 })).get('within')).toBe('25')
    expect(dealsParams(found, placePatch({ maxDistance: DEFAULT_MILES })).has('within')).toBe(false)
    const cleared = dealsParams(found, NO_PLACE)
    expect(Object.fromEntries(cleared)).toEqual({ region: 'Central', sort: 'thcValue' })
    expect(dealsParams(params, { page: '2' }).get('page')).toBe('2')
  })
})
