import { describe, expect, it } from 'vitest'
import law from '../../../../../data/law/ohio-limits.json'
import { ADULT_CAPS, adultTotals, adultVisitsNeeded, formatPercent, medicalTotals, medicalUse } from './limits'

describe('limits arithmetic', () => {
  it('counts an ounce of flower against the adult-use 2.5 oz', () => {
    // 28 g / (2.5 × 28.349523125 g) = 28 / 70.8738 = 0.39507
    const [plant] = adultTotals([{ form: 'flower', amount: 28, thc: 20 }])
    expect(plant!.limit).toBe('plant')
    expect(formatPercent(plant!.share)).toBe('39.5%')
  })

  it('reads the adult-use limits from the law file: 2.5 oz of plant material, 15,000 mg of total THC', () => {
    expect(law.adultUse.perDay.plantMaterial).toMatchObject({ amount: 2.5, unit: 'oz', source: 'OAC-1301:18-8-08' })
    expect(law.adultUse.perDay.totalThc).toMatchObject({ amount: 15000, unit: 'mg', source: 'OAC-1301:18-8-08' })
    expect(law.sources['OAC-1301:18-8-08'].url).toBe('https://codes.ohio.gov/ohio-administrative-code/rule-1301:18-8-08')
    expect(law.statute.citation).toMatch(/chapter 3796/)
    expect(law.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(ADULT_CAPS).toEqual({ plant: 2.5 * 28.349523125, thc: 15000 })
  })

  it('plans a basket over the daily limits as visits on separate days', () => {
    // Within the limits: one purchase.
    expect(adultVisitsNeeded([{ form: 'edible', amount: 15000, thc: null }])).toBe(1)
    expect(adultVisitsNeeded([])).toBe(1)
    // 15,100 mg of THC is 100.7 % of a day's: two days.
    expect(adultVisitsNeeded([{ form: 'edible', amount: 15100, thc: null }])).toBe(2)
    // 6 oz of flower (170.1 g) is 240 % of 2.5 oz: three days, whatever the THC.
    expect(adultVisitsNeeded([{ form: 'flower', amount: 6 * 28.349523125, thc: 20 }])).toBe(3)
  })

  it('counts vapes and extracts by their total THC (weight × THC %), not by weight', () => {
    // 20 g of vape at 70%: 20 × 0.70 × 1000 = 14,000 mg of 15,000 mg = 93.3%, within the limit
    const [thc] = adultTotals([{ form: 'vape', amount: 20, thc: 70 }])
    expect(thc).toEqual({ limit: 'thc', used: 14000, cap: 15000, share: 14000 / 15000 })
    expect(formatPercent(thc!.share)).toBe('93.3%')
  })

  it('adds vapes, extracts and edibles into the one 15,000 mg of total THC', () => {
    // 1 g vape at 80% (800 mg) + 2 g extract at 70% (1,400 mg) + 500 mg THC of edibles = 2,700 mg = 18%
    const shares = adultTotals([
      { form: 'vape', amount: 1, thc: 80 },
      { form: 'extract', amount: 2, thc: 70 },
      { form: 'edible', amount: 500, thc: null },
    ])
    expect(shares).toHaveLength(1)
    expect(shares[0]!.used).toBeCloseTo(2700, 9)
    expect(formatPercent(shares[0]!.share)).toBe('18.0%')
  })

  it('sorts flower into Tier I or II by THC, Tier II when unknown', () => {
    expect(medicalUse({ form: 'flower', amount: 3.5, thc: 23 }).limit).toBe('tier1')
    expect(medicalUse({ form: 'flower', amount: 3.5, thc: 23.1 }).limit).toBe('tier2')
    expect(medicalUse({ form: 'flower', amount: 3.5, thc: null })).toMatchObject({ limit: 'tier2', assumption: expect.stringContaining('Tier II') })
  })

  it('counts 2.83 g of Tier I plant material as exactly one day', () => {
    const result = medicalTotals([{ form: 'flower', amount: 2.83, thc: 20 }])
    expect(result.days).toBeCloseTo(1, 12)
    expect(law.medical.forms.tier1).toMatchObject({ dayUnit: 2.83, unit: 'g' })
  })

  it('adds mixed forms into one 90-day supply, in days and 45-day fills', () => {
    // 28.3 g Tier I: 28.3 / 2.83 = 10 days; 1 g vape at 80%: 0.8 g THC / (53.1 / 90) = 1.356 days → 11.356 days of 90
    const result = medicalTotals([
      { form: 'flower', amount: 28.3, thc: 20 },
      { form: 'vape', amount: 1, thc: 80 },
    ])
    expect(result.days.toFixed(2)).toBe('11.36')
    expect(formatPercent(result.supply)).toBe('12.6%')
    expect(formatPercent(result.fill)).toBe('25.2%')
  })

  it('counts edibles and topicals by their THC in grams', () => {
    const result = medicalTotals([{ form: 'edible', amount: 990, thc: null }])
    expect(result.shares).toMatchObject([{ limit: 'oral', used: 0.99, cap: 9.9 }])
    expect(result.shares[0]!.share).toBeCloseTo(0.1, 10)
  })
})
