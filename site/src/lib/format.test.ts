import { describe, expect, it } from 'vitest'
import { formatAge, formatCost, formatLocaleDate } from './format'

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

describe('formatAge', () => {
  const now = Date.parse('2026-07-01T12:00:00Z')
  it.each([
    { ago: 0, want: 'just now' },
    { ago: -5 * 60_000, want: 'just now' },
    { ago: 59_999, want: 'just now' },
    { ago: 60_000, want: '1 min ago' },
    { ago: 59 * 60_000, want: '59 min ago' },
    { ago: 5 * 3_600_000 + 59 * 60_000, want: '5 h ago' },
    { ago: 23 * 3_600_000, want: '23 h ago' },
    { ago: 24 * 3_600_000, want: '24 h ago' },
    { ago: 47 * 3_600_000 + 59 * 60_000, want: '47 h ago' },
    { ago: 48 * 3_600_000, want: '2 days ago' },
    { ago: 10 * 24 * 3_600_000, want: '10 days ago' },
  ])('$ago ms → $want', ({ ago, want }) => {
    expect(formatAge(now - ago, now)).toBe(want)
  })
  it('says never without a time', () => {
    expect(formatAge(null, now)).toBe('never')
    expect(formatAge(Number.NaN, now)).toBe('never')
  })
})
