import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { dispensaryStatusSchema } from '../api/dispensary-status'
import fixture from '../testing/fixtures/dispensary-status.json'
import { FIXTURE_NOW } from '../testing/fixture-now'
import { classifyTiles, lastPer, parseUpdateTimes, storeFacts, storeFactsOf, summarize, tileStatesAt, updateTimesOf } from './status-summary'

const dispensaries = fixture.map((d) => v.parse(dispensaryStatusSchema, d))

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

describe('derivations kept per snapshot', () => {
  it('parses a snapshot once and keeps the states of a time that moves no tile', () => {
    const times = updateTimesOf(dispensaries)
    expect(updateTimesOf(dispensaries)).toBe(times)
    const now = FIXTURE_NOW.getTime()
    const states = tileStatesAt(times, now)
    expect(states).toEqual(classifyTiles(times, now))
    // A minute later no tile crosses the 16 h or 36 h line: the very same object, so what is derived from it stays.
    expect(tileStatesAt(times, now + 60_000)).toBe(states)
    // Two days later every tile is missing: new states.
    const later = tileStatesAt(times, now + 48 * 3_600_000)
    expect(later).not.toBe(states)
    expect(later.flat(2).every((s) => s === 'missing')).toBe(true)
  })

  it('gives each store the same facts as storeFacts, per market', () => {
    const times = updateTimesOf(dispensaries)
    const states = tileStatesAt(times, FIXTURE_NOW.getTime())
    for (const market of ['', 'medical', 'recreational'] as const) {
      const facts = storeFactsOf(states, { dispensaries, times, market })
      expect(facts).toEqual(storeFacts(dispensaries, times, states, market))
      expect(storeFactsOf(states, { dispensaries, times, market })).toBe(facts)
    }
  })

  it('lastPer computes again only an argument it no longer keeps', () => {
    let calls = 0
    const double = lastPer((_: object, n: number) => (calls++, n * 2))
    const key = {}
    for (const n of [1, 2, 1, 3, 4, 2]) double(key, n)
    // 1 and 2 computed, 1 again kept, 3 and 4 computed, 2 again kept.
    expect(calls).toBe(4)
    // 5 and 6 push the oldest (1) out of the four kept.
    for (const n of [5, 6, 1]) double(key, n)
    expect(calls).toBe(7)
    // Another key has its own results.
    expect(double({}, 2)).toBe(4)
    expect(calls).toBe(8)
  })
})
