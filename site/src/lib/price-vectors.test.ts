import { describe, expect, it } from 'vitest'
// The same file publish tests its price paid and unit price against (publish/pricevectors_test.go),
// so the site's reading of an offer's prices cannot drift from the snapshots'.
import shared from '../../../publish/testdata/price-vectors.json'
import { unitPriceOf } from '../features/offers/lib/offer-search'
import type { Category } from '../features/offers/api/shop-schemas'
import { isOnSale, pricePaid, type Unit } from './unit-price'

type PriceVector = {
  name: string
  category: Category
  grams: number | null
  mg: number | null
  price: number
  salePrice: number | null
  paid: number
  onSale: boolean
  unitPrice: number | null
  unit: Unit | null
}

const vectors = shared.vectors as PriceVector[]

describe('prices against the shared vectors', () => {
  it('has a usable vector file', () => {
    expect(vectors.length).toBeGreaterThan(10)
  })

  it.each(vectors)('$name', (v) => {
    const paid = pricePaid(v.price, v.salePrice)
    expect(paid).toBe(v.paid)
    expect(isOnSale(v.price, v.salePrice)).toBe(v.onSale)
    expect(unitPriceOf(v.category, paid, v.grams, v.mg)).toEqual({ unitPrice: v.unitPrice, unit: v.unit })
  })
})
