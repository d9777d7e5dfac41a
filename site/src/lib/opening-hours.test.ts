import { describe, expect, it } from 'vitest'
// The file the Go hours package tests its parser and these checks against, so the two cannot drift.
import shared from '../../../hours/testdata/vectors.json'
import { describeOpenState, OHIO_TIME_ZONE, openStateAt, splitOpenNow, wallClock, type OpeningHours } from './opening-hours'

const checks = shared.vectors.flatMap((v) => (v.checks ?? []).map((c) => ({ text: v.text, hours: v.hours as OpeningHours | null, ...c })))
const week = (text: string) => shared.vectors.find((v) => v.text === text)!.hours as OpeningHours

describe('open now against the shared vectors', () => {
  it('has checks across the forms', () => {
    expect(checks.length).toBeGreaterThanOrEqual(10)
    expect(checks.some((c) => c.open === null)).toBe(true)
    expect(checks.some((c) => c.at.endsWith('-04:00'))).toBe(true)
  })

  it.each(checks)('$text at $at → open $open until $until', ({ hours, at, open, until }) => {
    const state = openStateAt(hours, Date.parse(at))
    expect(state.open).toBe(open)
    // The next change as Ohio's clock reads it (the vectors write it with Ohio's offset then).
    expect(state.untilWall).toBe(until === null ? null : wallClock(Date.parse(until)))
  })

  it('knows nothing of a store without hours', () => {
    expect(openStateAt(null, Date.parse('2026-11-28T15:00:00-05:00')).open).toBeNull()
    const unread = shared.vectors.filter((v) => v.hours === null)
    expect(unread.length).toBeGreaterThan(5)
    for (const v of unread) expect(describeOpenState(openStateAt(v.hours as null, Date.parse('2026-11-28T15:00:00-05:00')))).toBe('Hours unknown')
  })
})

describe("Ohio's clock", () => {
  it.each([
    // Standard time, summer time, and both sides of the autumn change (01:30 comes twice).
    ['2026-11-28T20:00:00Z', '2026-11-28T15:00:00Z'],
    ['2026-07-04T23:59:00Z', '2026-07-04T19:59:00Z'],
    ['2026-11-01T05:30:00Z', '2026-11-01T01:30:00Z'],
    ['2026-11-01T06:30:00Z', '2026-11-01T01:30:00Z'],
  ])('%s reads %s in Ohio', (instant, wall) => {
    expect(wallClock(Date.parse(instant))).toBe(Date.parse(wall))
  })

  it('reads as Intl reads America/New_York, on both sides of every change from 2007 to 2040', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: OHIO_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    const read = (ms: number) => {
      const p = Object.fromEntries(intl.formatToParts(ms).map((part) => [part.type, Number(part.value)]))
      return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour, p.minute, p.second)
    }
    let checked = 0
    for (let year = 2007; year <= 2040; year++) {
      // Every hour of March and November (the changes and the days around them), a day in summer and one in winter.
      for (const [month, days] of [
        [2, 31],
        [10, 30],
      ] as const) {
        for (let h = 0; h < days * 24; h++) {
          const ms = Date.UTC(year, month, 1) + h * 3_600_000 + 59_000
          expect(wallClock(ms), new Date(ms).toISOString()).toBe(read(ms))
          checked++
        }
      }
      for (const ms of [Date.UTC(year, 6, 4, 16, 30), Date.UTC(year, 0, 1, 3, 15)]) expect(wallClock(ms)).toBe(read(ms))
    }
    expect(checked).toBe(34 * 61 * 24)
  })

  it('counts in Ohio whatever zone the visitor is in', () => {
    // 15:00 UTC is 10:00 in Ohio (open), 07:00 in Los Angeles, 16:00 in Paris: only Ohio's counts.
    expect(openStateAt(week('Mon-Sun 9am-9pm'), Date.parse('2026-11-30T15:00:00Z')).open).toBe(true)
    expect(openStateAt(week('Mon-Sun 9am-9pm'), Date.parse('2026-11-30T13:30:00Z')).open).toBe(false)
  })
})

describe('describeOpenState', () => {
  const at = (text: string, iso: string) => describeOpenState(openStateAt(week(text), Date.parse(iso)))

  it.each([
    ['M-Sat: 10AM-8PM, Sun: 11AM-5PM', '2026-11-28T15:00:00-05:00', 'Open now · closes 8 PM'],
    ['M-Sat: 10AM-8PM, Sun: 11AM-5PM', '2026-11-28T21:00:00-05:00', 'Closed · opens 11 AM'],
    ['Mon-Sun 9am-9pm', '2026-11-30T08:59:00-05:00', 'Closed · opens 9 AM'],
    ['Mon-Sat 10AM-9PM, Sun Closed', '2026-11-28T22:00:00-05:00', 'Closed · opens Mon 10 AM'],
    ['Mon-Sat 10AM-2AM', '2026-11-29T01:00:00-05:00', 'Open now · closes 2 AM'],
    ['Mon-Sun 8AM-12AM', '2026-11-29T23:00:00-05:00', 'Open now · closes midnight'],
    ['noon-midnight', '2026-11-29T09:00:00-05:00', 'Closed · opens noon'],
    ['24 hours', '2026-11-29T03:00:00-05:00', 'Open now · 24 hours'],
    ['M-Sat: 10AM-8PM', '2026-11-28T21:00:00-05:00', 'Closed'],
    ['M-Sat: 10AM-8PM', '2026-11-29T12:00:00-05:00', 'Hours unknown'],
    ['Mon-Fri 9AM-1PM, 2PM-6PM; Sat 10-4pm; Sun closed', '2026-11-30T13:30:00-05:00', 'Closed · opens 2 PM'],
  ])('%s at %s reads "%s"', (text, iso, want) => {
    expect(at(text, iso)).toBe(want)
  })

  it('writes minutes when there are some', () => {
    const hours: OpeningHours = { ...week('Mon-Sun 9am-9pm'), mon: [{ opens: '09:30', closes: '20:45' }] }
    expect(describeOpenState(openStateAt(hours, Date.parse('2026-11-30T12:00:00-05:00')))).toBe('Open now · closes 8:45 PM')
    expect(describeOpenState(openStateAt(hours, Date.parse('2026-11-30T08:00:00-05:00')))).toBe('Closed · opens 9:30 AM')
  })
})

describe('splitOpenNow', () => {
  const stores = [
    { name: 'open', hours: week('Mon-Sun 9am-9pm') },
    { name: 'unknown', hours: null },
    { name: 'closed', hours: week('Mon-Sat 10AM-9PM, Sun Closed') },
    { name: 'unknown day', hours: week('M-Sat: 10AM-8PM') },
    { name: 'open too', hours: week('24 hours') },
  ]

  it('keeps the open ones, puts unknown hours in their own group and counts the closed', () => {
    // Sunday noon in Ohio.
    const { open, unknown, closed } = splitOpenNow(stores, (s) => s.hours, Date.parse('2026-11-29T12:00:00-05:00'))
    expect(open.map((s) => s.name)).toEqual(['open', 'open too'])
    expect(unknown.map((s) => s.name)).toEqual(['unknown', 'unknown day'])
    expect(closed).toBe(1)
  })

  it('moves stores between groups as the clock turns', () => {
    // Saturday 22:00: the 9-to-9 store has closed; the Saturday one is closed, its Sunday unknown.
    const { open, unknown, closed } = splitOpenNow(stores, (s) => s.hours, Date.parse('2026-11-28T22:00:00-05:00'))
    expect(open.map((s) => s.name)).toEqual(['open too'])
    expect(unknown.map((s) => s.name)).toEqual(['unknown'])
    expect(closed).toBe(3)
  })
})
