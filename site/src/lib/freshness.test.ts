import { describe, expect, it } from 'vitest'
// The same file the Go freshness package tests against, so the two cannot drift.
import shared from '../../../freshness/testdata/vectors.json'
import { bestFreshness, freshnessAt, freshnessOf, parseUpdateTime, type Freshness } from './freshness'

const nowMs = Date.parse(shared.now)
const HOUR_MS = 3_600_000

describe('freshness against the shared vectors', () => {
  it('has a usable vector file', () => {
    expect(Number.isNaN(nowMs)).toBe(false)
    expect(shared.vectors.length).toBeGreaterThan(5)
  })

  it.each(shared.vectors.map((v) => ({ ...v, label: v.hours === null ? 'no date' : `${v.hours} h` })))('$label → $state', ({ hours, state }) => {
    const lastMs = hours === null ? null : nowMs - Math.round(hours * HOUR_MS)
    expect(freshnessAt(lastMs, nowMs)).toBe(state as Freshness)
    const lastIso = lastMs === null ? null : new Date(lastMs).toISOString()
    expect(freshnessOf(lastIso, nowMs)).toBe(state as Freshness)
  })
})

describe('parseUpdateTime', () => {
  it.each([
    { input: null, want: null },
    { input: undefined, want: null },
    { input: '', want: null },
    { input: 'yesterday', want: null },
    { input: '2026-07-01T12:00:00Z', want: Date.UTC(2026, 6, 1, 12) },
    { input: '2026-07-01T08:00:00-04:00', want: Date.UTC(2026, 6, 1, 12) },
  ])('$input → $want', ({ input, want }) => {
    expect(parseUpdateTime(input)).toBe(want)
  })

  it('treats an unreadable date as missing', () => {
    expect(freshnessOf('not a date', nowMs)).toBe('missing')
  })
})

describe('bestFreshness', () => {
  it.each([
    { states: [], want: 'missing' },
    { states: ['missing', 'stale'], want: 'stale' },
    { states: ['stale', 'current', 'missing'], want: 'current' },
  ] as const)('$states → $want', ({ states, want }) => {
    expect(bestFreshness(states)).toBe(want)
  })
})
