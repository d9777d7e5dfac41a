import { describe, expect, it } from 'vitest'
import { dispensaryStatusSchema } from '../api/dispensary-status'
import fixture from '../testing/fixtures/dispensary-status.json'
import { FIXTURE_NOW } from '../testing/fixture-now'
import { classifyTiles, parseUpdateTimes, summarize } from './status-summary'

const dispensaries = fixture.map((d) => dispensaryStatusSchema.parse(d))

describe('summarize', () => {
  it('counts the fixture at its own "now"', () => {
    const states = classifyTiles(parseUpdateTimes(dispensaries), FIXTURE_NOW.getTime())
    expect(summarize(dispensaries, states)).toEqual({
      dispensaries: 5,
      monitored: 4,
      notMonitored: 1,
      menus: 5,
      // publish's seed reads no roster: no store carries a licence, so no count is shown.
      licensed: null,
      current: 10,
      stale: 5,
      missing: 10,
    })
  })

  it('ages every tile as time passes', () => {
    const twoDaysLater = FIXTURE_NOW.getTime() + 48 * 3_600_000
    const states = classifyTiles(parseUpdateTimes(dispensaries), twoDaysLater)
    expect(summarize(dispensaries, states)).toMatchObject({ current: 0, stale: 0, missing: 25 })
  })

  it('classifies tiles per dispensary, market and category', () => {
    const states = classifyTiles(parseUpdateTimes(dispensaries), FIXTURE_NOW.getTime())
    // Bloom Akron read 2 h ago, Bloom Athens not monitored, RISE Toledo read 20 h ago,
    // Zen Leaf Dayton's two menus never read.
    expect(states[0]).toEqual([['current', 'current', 'current', 'current', 'current']])
    expect(states[1]).toEqual([])
    expect(states[2]).toEqual([['stale', 'stale', 'stale', 'stale', 'stale']])
    expect(states[4]).toEqual([
      ['missing', 'missing', 'missing', 'missing', 'missing'],
      ['missing', 'missing', 'missing', 'missing', 'missing'],
    ])
  })

  it('handles an empty snapshot', () => {
    const zero = { dispensaries: 0, monitored: 0, notMonitored: 0, menus: 0, current: 0, stale: 0, missing: 0 }
    expect(summarize([], [])).toEqual({ ...zero, licensed: null })
  })
})
