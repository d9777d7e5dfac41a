import { describe, expect, it } from 'vitest'
import law from '../../../data/law/ohio-limits.json'
import { ADULT_USE_EXCISE_PERCENT, taxRatePercent, withTax } from './tax'

// Figures worked out by hand: price × (1 + excise + county total sales tax) for adult
// use, price × (1 + county total sales tax) for medical.
describe('the price with tax', () => {
  it('reads the excise rate from the law file', () => {
    expect(ADULT_USE_EXCISE_PERCENT).toBe(10)
    expect(law.sources['ORC-3796.40'].url).toBe('https://codes.ohio.gov/ohio-revised-code/section-3796.40')
  })

  it('adds excise and sales tax for adult use', () => {
    // $50 in a 7.5 % county: 50 + 5.00 excise + 3.75 sales tax = 58.75.
    expect(withTax(50, 'recreational', 7.5)).toBe(58.75)
    // $36 in Summit County (6.75 %): 36 × 1.1675 = 42.03.
    expect(withTax(36, 'recreational', 6.75)).toBe(42.03)
    // $19.99 in Hamilton County (7.8 %): 19.99 × 1.178 = 23.54822, to the cent 23.55.
    expect(withTax(19.99, 'recreational', 7.8)).toBe(23.55)
  })

  it('adds only sales tax for medical', () => {
    // $50 in a 7.5 % county: 50 + 3.75 = 53.75.
    expect(withTax(50, 'medical', 7.5)).toBe(53.75)
    // $45 in Cuyahoga County (8 %): 45 + 3.60 = 48.60.
    expect(withTax(45, 'medical', 8)).toBe(48.6)
    expect(taxRatePercent('medical', 6.85)).toBe(6.85)
    expect(taxRatePercent('recreational', 6.85)).toBeCloseTo(16.85, 10)
  })

  it('gives no figure when the store’s county is unknown', () => {
    expect(withTax(50, 'recreational', null)).toBeNull()
    expect(withTax(50, 'medical', undefined)).toBeNull()
    expect(withTax(50, 'medical', Number.NaN)).toBeNull()
  })
})
