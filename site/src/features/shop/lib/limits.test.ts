import { describe, expect, it } from 'vitest'
import { adultTotals, formatPercent, medicalTotals, medicalUse } from './limits'

describe('limits arithmetic', () => {
  it('counts an ounce of flower against the adult-use 2.5 oz', () => {
    // 28 g / (2.5 × 28.349523125 g) = 28 / 70.8738 = 0.39507
    const [plant] = adultTotals([{ form: 'flower', amount: 28, thc: 20 }])
    expect(plant!.limit).toBe('plant')
    expect(formatPercent(plant!.share)).toBe('39.5%')
  })

  it('adds vapes and edibles to the 15 g of extract', () => {
    // 1 g vape + 500 mg THC of edibles = 1.5 g of 15 g = 10%
    const shares = adultTotals([
      { form: 'vape', amount: 1, thc: 80 },
      { form: 'edible', amount: 500, thc: null },
    ])
    expect(shares).toEqual([{ limit: 'extract', used: 1.5, cap: 15, share: 0.1 }])
  })

  it('sorts flower into Tier I or II by THC, Tier II when unknown', () => {
    expect(medicalUse({ form: 'flower', amount: 3.5, thc: 23 }).limit).toBe('tier1')
    expect(medicalUse({ form: 'flower', amount: 3.5, thc: 23.1 }).limit).toBe('tier2')
    expect(medicalUse({ form: 'flower', amount: 3.5, thc: null })).toMatchObject({ limit: 'tier2', assumption: expect.stringContaining('Tier II') })
  })

  it('adds mixed forms into one 90-day supply, in days and 45-day fills', () => {
    // 28 g Tier I: 28 / 226.796 = 0.12346; 1 g vape at 80%: 0.8 / 53.1 = 0.01507 → 0.13853 of 90 days
    const result = medicalTotals([
      { form: 'flower', amount: 28, thc: 20 },
      { form: 'vape', amount: 1, thc: 80 },
    ])
    expect(formatPercent(result.supply)).toBe('13.9%')
    expect(result.days.toFixed(1)).toBe('12.5')
    expect(formatPercent(result.fill)).toBe('27.7%')
  })

  it('counts edibles and topicals by their THC in grams', () => {
    const result = medicalTotals([{ form: 'edible', amount: 990, thc: null }])
    expect(result.shares).toMatchObject([{ limit: 'oral', used: 0.99, cap: 9.9 }])
    expect(result.shares[0]!.share).toBeCloseTo(0.1, 10)
  })
})
