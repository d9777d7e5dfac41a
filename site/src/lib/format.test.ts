import { describe, expect, it } from 'vitest'
import { formatCost, formatLocaleDate } from './format'

describe('formatCost', () => {
  it.each([
    { cost: 26.6, want: '$26.60' },
    { cost: 0, want: '$0.00' },
    { cost: 7, want: '$7.00' },
    { cost: 12.345, want: '$12.35' },
    { cost: 1.005, want: '$1.01' },
    { cost: 2.675, want: '$2.68' },
    { cost: 0.0000001, want: '$0.00' },
    { cost: 1250, want: '$1250.00' },
  ])('$cost → $want', ({ cost, want }) => {
    expect(formatCost(cost)).toBe(want)
  })
})

describe('formatLocaleDate', () => {
  it('matches toLocaleDateString()', () => {
    const ms = Date.parse('2026-06-30T22:15:00Z')
    expect(formatLocaleDate(ms)).toBe(new Date(ms).toLocaleDateString())
  })
})
