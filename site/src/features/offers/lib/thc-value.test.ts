import { describe, expect, it } from 'vitest'
import { countNoThcValue, formatThcValue, noThcValueText, thcMgOf, thcValue, thcValuePer100mg, type ThcValueOffer } from './thc-value'

const offer = (o: Partial<ThcValueOffer>): ThcValueOffer => ({
  category: 'Flower',
  paid: 35,
  grams: 3.5,
  mg: null,
  thc: 22,
  potencyUnit: '%',
  ...o,
})

describe('thcValue, worked by hand', () => {
  it('flower: 3.5 g at 22 % is 3.5 × 1000 × 0.22 = 770 mg THC; $35 / 7.7 = $4.55 per 100 mg', () => {
    expect(thcMgOf(offer({}))).toBeCloseTo(770, 9)
    const v = thcValue(offer({}))
    expect(v).toEqual({ thcMg: expect.closeTo(770, 9), per100mg: expect.closeTo(4.545454, 5) })
    expect(formatThcValue(v)).toBe('$4.55 per 100 mg THC')
  })

  it('edible: a 100 mg labelled dose for $20 is $20.00 per 100 mg, whatever its THC column says', () => {
    const gummies = offer({ category: 'Edible', paid: 20, grams: null, mg: 100, thc: 10, potencyUnit: 'mg' })
    expect(thcMgOf(gummies)).toBe(100)
    expect(formatThcValue(thcValue(gummies))).toBe('$20.00 per 100 mg THC')
  })

  it('edible without a dose in its size: the menu THC in mg (a 200 mg chocolate for $30: $15.00)', () => {
    expect(formatThcValue(thcValue(offer({ category: 'Edible', paid: 30, grams: null, mg: null, thc: 200, potencyUnit: 'mg' })))).toBe(
      '$15.00 per 100 mg THC',
    )
  })

  it('vape with THC in mg: the package total (a 0.5 g cartridge with 425 mg for $40: $40 / 4.25 = $9.41)', () => {
    const cart = offer({ category: 'Vape', paid: 40, grams: 0.5, thc: 425, potencyUnit: 'mg' })
    expect(thcMgOf(cart)).toBe(425)
    expect(formatThcValue(thcValue(cart))).toBe('$9.41 per 100 mg THC')
  })

  it('vape with THC %: 1 g at 85 % is 850 mg; $51 / 8.5 = $6.00', () => {
    expect(formatThcValue(thcValue(offer({ category: 'Vape', paid: 51, grams: 1, thc: 85 })))).toBe('$6.00 per 100 mg THC')
  })

  it('preroll and extract use THC % of the weight too (a 1 g preroll at 25 % for $10: 250 mg, $4.00)', () => {
    expect(thcValuePer100mg(offer({ category: 'Preroll', paid: 10, grams: 1, thc: 25 }))).toBeCloseTo(4, 9)
    // Extract: 1 g at 75 % for $45: 750 mg, $6.00.
    expect(thcValuePer100mg(offer({ category: 'Extract', paid: 45, grams: 1, thc: 75 }))).toBeCloseTo(6, 9)
  })

  it('without potency: no value, and the reason', () => {
    const cases: [Partial<ThcValueOffer>, string][] = [
      [{ thc: null, potencyUnit: null }, 'no-thc'],
      [{ thc: 0 }, 'no-thc'],
      [{ grams: null }, 'no-weight'],
      [{ potencyUnit: null }, 'unit'],
      [{ potencyUnit: 'mg/g' }, 'unit'],
      [{ thc: 140 }, 'out-of-range'],
      // 5,000 mg of THC in a 3.5 g package cannot be.
      [{ thc: 5000, potencyUnit: 'mg' }, 'out-of-range'],
      [{ paid: 0 }, 'out-of-range'],
      [{ category: 'Other' }, 'type'],
      // An edible with neither dose nor THC.
      [{ category: 'Edible', grams: null, mg: null, thc: null, potencyUnit: null }, 'no-thc'],
    ]
    for (const [o, reason] of cases) {
      expect(thcValue(offer(o)), JSON.stringify(o)).toEqual({ reason })
      expect(thcValuePer100mg(offer(o)), JSON.stringify(o)).toBeNull()
    }
    expect(formatThcValue(thcValue(offer({ grams: null })))).toBe('No THC value: THC % but no weight')
  })

  it('the sort key is the same figure as the value shown', () => {
    const o = offer({ paid: 28, grams: 3.5, thc: 31.4 })
    const v = thcValue(o)
    expect('per100mg' in v && v.per100mg).toBe(thcValuePer100mg(o))
    // 3.5 × 1000 × 0.314 = 1,099 mg; $28 / 10.99 = $2.5478…
    expect(formatThcValue(v)).toBe('$2.55 per 100 mg THC')
  })
})

describe('the count above the list', () => {
  it('counts the offers without a value by reason', () => {
    const offers = [offer({}), offer({ thc: null }), offer({ thc: null }), offer({ grams: null }), offer({ category: 'Edible', mg: 100 })]
    const counted = countNoThcValue(offers.map(thcValue))
    expect(counted).toEqual({ total: 3, reasons: { 'no-thc': 2, 'no-weight': 1 } })
    expect(noThcValueText(counted)).toBe('3 offers have no usable THC figure and are listed last (no THC figure: 2; THC % but no weight: 1).')
    expect(noThcValueText(countNoThcValue([thcValue(offer({ thc: null }))]), 'deals')).toBe(
      '1 deal has no usable THC figure and is listed last (no THC figure: 1).',
    )
    expect(noThcValueText(countNoThcValue([thcValue(offer({}))]))).toBe('')
  })
})
