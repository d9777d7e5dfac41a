import { describe, expect, it } from 'vitest'
import { formatUnitPrice, isOnSale, pricePaid } from './unit-price'

describe('unit prices', () => {
  it('shows the published unit price with its unit', () => {
    expect(formatUnitPrice(10.29, 'g')).toBe('$10.29/g')
    expect(formatUnitPrice(4.5, '100mg')).toBe('$4.50/100 mg THC')
    expect(formatUnitPrice(null, null)).toBe('no unit price')
  })
  it('pays the sale price only when it is below the regular price', () => {
    expect(pricePaid(45, 36)).toBe(36)
    expect(pricePaid(45, null)).toBe(45)
    expect(pricePaid(45, 50)).toBe(45)
    expect(isOnSale(45, 45)).toBe(false)
  })
})
