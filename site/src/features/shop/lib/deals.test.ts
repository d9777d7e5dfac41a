import { describe, expect, it } from 'vitest'
import type { DealOffer } from '../api/shop-schemas'
import { DEALS_PER_PAGE, pageOfDeals, readDealsQuery, selectDeals, unitGroupCounts } from './deals'

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

const order = (deals: DealOffer[], sort: 'discount' | 'unitPrice') =>
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
