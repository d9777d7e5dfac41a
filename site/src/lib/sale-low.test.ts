import { describe, expect, it } from 'vitest'
import { low90Words, NOT_CHARGED, saleLowWords, saleLowsByOffer } from './sale-low'

describe('saleLowWords', () => {
  it('says the 30-day low of a sale whose regular price was charged, and nothing more', () => {
    expect(saleLowWords({ low: 45, regularCharged: true, daysSeen: null })).toEqual(['lowest in the 30 days before: $45.00'])
  })
  it('says a regular price was not charged, in the words the browser test looks for', () => {
    expect(saleLowWords({ low: 45, regularCharged: false, daysSeen: null })).toEqual([
      'lowest in the 30 days before: $45.00',
      'regular price not charged in the last 30 days',
    ])
    expect(NOT_CHARGED).toBe('regular price not charged in the last 30 days')
  })
  it('says how long omc has seen an offer with less history, and no low when it saw none', () => {
    expect(saleLowWords({ low: 20, regularCharged: true, daysSeen: 10 })).toEqual(['lowest in the 30 days before: $20.00', 'seen by omc for 10 days'])
    expect(saleLowWords({ low: null, regularCharged: false, daysSeen: 1 })).toEqual([NOT_CHARGED, 'seen by omc for 1 day'])
  })
  it('says nothing for an offer not on sale', () => {
    expect(saleLowWords(null)).toEqual([])
    expect(saleLowWords(undefined)).toEqual([])
  })
})

describe('low90Words', () => {
  it('marks today’s price when it is the 90-day low', () => {
    expect(low90Words(15, 15)).toBe('lowest in 90 days: $15.00 (today’s price)')
    expect(low90Words(30, 32)).toBe('lowest in 90 days: $30.00')
    expect(low90Words(null, 32)).toBeNull()
  })
})

describe('saleLowsByOffer', () => {
  it('indexes a file’s saleLows by offer', () => {
    const m = saleLowsByOffer([{ offer: 3, low: 45, regularCharged: false, daysSeen: null }])
    expect(m.get(3)).toEqual({ low: 45, regularCharged: false, daysSeen: null })
    expect(m.get(0)).toBeUndefined()
    expect(saleLowsByOffer(undefined).size).toBe(0)
  })
})
