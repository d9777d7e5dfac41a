import { formatLocaleDate, formatLocaleDateTime } from '../lib/format'
import { useHydrated } from '../lib/use-hydrated'

// Ohio's clock in US English: what a page pre-rendered on a server (any locale,
// any zone) shows, and so what the browser shows while hydrating it.
let ohioDate: Intl.DateTimeFormat | undefined
let ohioDateTime: Intl.DateTimeFormat | undefined
const OHIO = { timeZone: 'America/New_York' } as const

/**
 * localTimeText is LocalTime's text, for a list that knows once for all its rows
 * whether the page has hydrated (the status page's tiles): hydrated, the visitor's
 * own locale and zone; before, Ohio's clock in US English.
 */
export function localTimeText(ms: number, hydrated: boolean, withTime = false): string {
  if (hydrated) return withTime ? formatLocaleDateTime(ms) : formatLocaleDate(ms)
  if (withTime) {
    ohioDateTime ??= new Intl.DateTimeFormat('en-US', { ...OHIO, dateStyle: 'medium', timeStyle: 'short' })
    return ohioDateTime.format(ms)
  }
  ohioDate ??= new Intl.DateTimeFormat('en-US', OHIO)
  return ohioDate.format(ms)
}

/**
 * LocalTime is a date (withTime: and time) in the visitor's own locale and time
 * zone. Pre-rendered HTML and hydration cannot know those, so they show it on
 * Ohio's clock in US English, and the visitor's own form follows right after
 * hydration: the HTML and the first render in the browser agree.
 */
export function LocalTime({ ms, withTime = false }: { ms: number; withTime?: boolean }) {
  return localTimeText(ms, useHydrated(), withTime)
}
