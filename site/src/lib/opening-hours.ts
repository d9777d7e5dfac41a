// "Open now" from a store's published openingHours (publish/SNAPSHOTS.md, "Store
// listing"), decided at view time on Ohio's clock, whatever the visitor's own zone.
// The rule is the one hours/testdata/vectors.json's checks spell out (the Go tests hold
// them to the parser's output; opening-hours.test.ts holds this module to them).

import type { OpeningHours } from '../api/store-listing'

export type { OpeningHours } from '../api/store-listing'

/** OHIO_TIME_ZONE is the zone every published opening is in. */
export const OHIO_TIME_ZONE = 'America/New_York'

const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const
const MINUTE_MS = 60_000
const DAY_MS = 86_400_000
const WEEK_MS = 7 * DAY_MS

/**
 * OpenState is a store at one moment: open (null when its hours do not say), and the
 * next change (closing when open, opening when closed) as a wall-clock time in Ohio
 * (epoch ms of that clock reading taken as UTC), null when none is known within a week.
 */
export type OpenState = { open: boolean | null; untilWall: number | null; atWall: number }

const HOUR_MS = 3_600_000

/** sundayOf is the UTC midnight (epoch ms) of the nth Sunday (1-based) of a month (0-based) of a year. */
function sundayOf(year: number, month: number, nth: number): number {
  const first = Date.UTC(year, month, 1)
  return first + (((7 - new Date(first).getUTCDay()) % 7) + (nth - 1) * 7) * DAY_MS
}

/**
 * wallClock is the reading of Ohio's clock at instant ms, as epoch ms of the same reading in UTC.
 *
 * Ohio keeps Eastern Time: UTC-5, and UTC-4 from 2:00 a.m. on the second Sunday of March
 * (07:00 UTC) to 2:00 a.m. on the first Sunday of November (06:00 UTC), the rule of 15 U.S.C.
 * 260a in force since 2007. Counted here rather than with Intl.DateTimeFormat and the zone's
 * name: a page's first Intl date formatter loads the browser's locale data, about 250 ms at 4x
 * CPU slowdown, and every offer row's "open now" asked for it before the Menus search's first
 * results could paint (npm run bench:menus). opening-hours.test.ts holds this to Intl's
 * America/New_York on every change of the clock from 2007 to 2040, so a change of the rule in
 * the platform's time zone data fails the tests.
 */
export function wallClock(ms: number): number {
  const year = new Date(ms).getUTCFullYear()
  const summer = ms >= sundayOf(year, 2, 2) + 7 * HOUR_MS && ms < sundayOf(year, 10, 1) + 6 * HOUR_MS
  return ms - (summer ? 4 : 5) * HOUR_MS
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

// The last instant asked about and its wall clock: a page asks about one "now" for every store.
let lastAt = NaN
let lastWall = NaN

/** openStateAt says whether a store with these hours is open at instant atMs, and until when. */
export function openStateAt(hours: OpeningHours | null | undefined, atMs: number): OpenState {
  if (atMs !== lastAt) {
    lastAt = atMs
    lastWall = wallClock(atMs)
  }
  const at = lastWall
  if (!hours) return { open: null, untilWall: null, atWall: at }
  const midnight = Math.floor(at / DAY_MS) * DAY_MS
  // Monday 0 … Sunday 6 (1970-01-01 was a Thursday).
  const weekday = (Math.floor(at / DAY_MS) + 3) % 7
  const spans: [number, number][] = []
  let unknownFrom: number | null = null
  // Yesterday (its overnight opening) through a week ahead.
  for (let k = -1; k <= 7; k++) {
    const day = midnight + k * DAY_MS
    const openings = hours[DAY_KEYS[(((weekday + k) % 7) + 7) % 7]!]
    if (openings == null) {
      if (k >= 0 && unknownFrom === null) unknownFrom = day
      continue
    }
    for (const { opens, closes } of openings) {
      const from = day + minutesOf(opens) * MINUTE_MS
      let to = day + minutesOf(closes) * MINUTE_MS
      if (closes <= opens) to += DAY_MS
      spans.push([from, to])
    }
  }
  for (const [from, to] of spans) {
    if (at < from || at >= to) continue
    // Open until this opening ends, or one that begins as it ends does.
    let end = to
    for (let grown = true; grown;) {
      grown = false
      for (const [nextFrom, nextTo] of spans) {
        if (nextFrom === end && nextTo > end) {
          end = nextTo
          grown = true
        }
      }
    }
    return { open: true, untilWall: end - at > WEEK_MS ? null : end, atWall: at }
  }
  if (unknownFrom !== null && at >= unknownFrom) return { open: null, untilWall: null, atWall: at }
  let next: number | null = null
  for (const [from] of spans) if (from > at && (next === null || from < next)) next = from
  if (next !== null && unknownFrom !== null && next > unknownFrom) next = null
  return { open: false, untilWall: next, atWall: at }
}

/** clockText writes a wall-clock time as people say it: "8 PM", "9:30 AM", "noon", "midnight". */
function clockText(wall: number): string {
  const minutes = Math.floor((wall % DAY_MS) / MINUTE_MS)
  if (minutes === 0) return 'midnight'
  if (minutes === 12 * 60) return 'noon'
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return `${h % 12 === 0 ? 12 : h % 12}${m === 0 ? '' : `:${String(m).padStart(2, '0')}`} ${h < 12 ? 'AM' : 'PM'}`
}

/** whenText is the next change: its time when it comes within a day, else its weekday too ("Mon 10 AM"). */
function whenText(state: OpenState, until: number): string {
  const time = clockText(until)
  if (until - state.atWall < DAY_MS) return time
  return `${DAY_NAMES[(Math.floor(until / DAY_MS) + 3) % 7]} ${time}`
}

/** describeOpenState is the line a shopper reads: "Open now · closes 8 PM", "Closed · opens 10 AM", "Hours unknown". */
export function describeOpenState(state: OpenState): string {
  if (state.open === null) return 'Hours unknown'
  if (state.open) return state.untilWall === null ? 'Open now · 24 hours' : `Open now · closes ${whenText(state, state.untilWall)}`
  return state.untilWall === null ? 'Closed' : `Closed · opens ${whenText(state, state.untilWall)}`
}

/** OpenGroup is how the "Open now" filters sort a store: open, closed, or hours unknown (kept apart, never hidden). */
export type OpenGroup = 'open' | 'closed' | 'unknown'

/** openGroupOf is the group of a store with these hours at atMs. */
export function openGroupOf(hours: OpeningHours | null | undefined, atMs: number): OpenGroup {
  const { open } = openStateAt(hours, atMs)
  return open === null ? 'unknown' : open ? 'open' : 'closed'
}

/**
 * splitOpenNow is what an "Open now" filter shows of items (in their order): those
 * open at atMs, then, in a group of their own, those whose hours are unknown; the
 * closed ones are counted, not shown.
 */
export function splitOpenNow<T>(items: readonly T[], hoursOf: (item: T) => OpeningHours | null | undefined, atMs: number) {
  const open: T[] = []
  const unknown: T[] = []
  let closed = 0
  // Many items share a store's hours (every offer of a store): decide each week once.
  const seen = new Map<OpeningHours | null | undefined, OpenGroup>()
  for (const item of items) {
    const hours = hoursOf(item)
    let group = seen.get(hours)
    if (group === undefined) seen.set(hours, (group = openGroupOf(hours, atMs)))
    if (group === 'open') open.push(item)
    else if (group === 'unknown') unknown.push(item)
    else closed++
  }
  return { open, unknown, closed }
}
