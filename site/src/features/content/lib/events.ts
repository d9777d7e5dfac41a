import type { CommunityEvent } from '../api/content-schemas'

/** localDay is a time as the viewer's calendar day, "YYYY-MM-DD", comparable with event dates. */
export function localDay(ms: number): string {
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

const dayOf = (date: string) => date.slice(0, 10)

/**
 * splitEvents puts events that have not ended by `today` first, soonest first,
 * and keeps past ones after them, most recent first. An event without an end
 * lasts its start day.
 */
export function splitEvents(events: readonly CommunityEvent[], today: string) {
  const lastDay = (e: CommunityEvent) => dayOf(e.end ?? e.start)
  const upcoming = events.filter((e) => lastDay(e) >= today).sort((a, b) => a.start.localeCompare(b.start))
  const past = events.filter((e) => lastDay(e) < today).sort((a, b) => lastDay(b).localeCompare(lastDay(a)))
  return { upcoming, past }
}
