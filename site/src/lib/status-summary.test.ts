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
      dispensaries: 4,
      monitored: 3,
      notMonitored: 1,
      menus: 4,
      current: 10,
      stale: 3,
      missing: 7,
    })
  })

  it('ages every tile as time passes', () => {
    const twoDaysLater = FIXTURE_NOW.getTime() + 48 * 3_600_000
    const states = classifyTiles(parseUpdateTimes(dispensaries), twoDaysLater)
    expect(summarize(dispensaries, states)).toMatchObject({ current: 0, stale: 0, missing: 20 })
  })

  it('classifies tiles per dispensary, market and category', () => {
    const states = classifyTiles(parseUpdateTimes(dispensaries), FIXTURE_NOW.getTime())
    expect(states[0]).toEqual([
      ['current', 'current', 'stale', 'missing', 'missing'],
      ['current', 'current', 'current', 'current', 'current'],
    ])
    expect(states[3]).toEqual([])
  })

  it('handles an empty snapshot', () => {
    expect(summarize([], [])).toEqual({
      dispensaries: 0,
      monitored: 0,
      notMonitored: 0,
      menus: 0,
      licensed: null,
      current: 0,
      stale: 0,
      missing: 0,
    })
  })
})
