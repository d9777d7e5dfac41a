import { describe, expect, it } from 'vitest'
import type { CommunityEvent } from '../api/content-schemas'
import { localDay, splitEvents } from './events'

const event = (title: string, start: string, end?: string): CommunityEvent => ({ title, start, end })

describe('splitEvents', () => {
  const events = [
    event('Past long ago', '2026-01-10'),
    event('Next month', '2026-08-02'),
    event('Today', '2026-07-01'),
    event('Recent past', '2026-06-20', '2026-06-21'),
    event('Running now', '2026-06-28', '2026-07-03'),
    event('Tomorrow', '2026-07-02T19:00:00-04:00'),
  ]

  it('lists upcoming events first, soonest first, and keeps past ones, latest first', () => {
    const { upcoming, past } = splitEvents(events, '2026-07-01')
    expect(upcoming.map((e) => e.title)).toEqual(['Running now', 'Today', 'Tomorrow', 'Next month'])
    expect(past.map((e) => e.title)).toEqual(['Recent past', 'Past long ago'])
  })

  it('handles no events', () => {
    expect(splitEvents([], '2026-07-01')).toEqual({ upcoming: [], past: [] })
  })
})

describe('localDay', () => {
  it('formats the local calendar day', () => {
    expect(localDay(new Date(2026, 6, 1, 23, 30).getTime())).toBe('2026-07-01')
  })
})
