import * as v from 'valibot'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
// A tree published after a roster read: publish's own golden file (publish/roster_test.go).
import rosterStatus from '../../../publish/testdata/roster-status.golden.json'
import { dispensaryStatusSchema } from '../api/dispensary-status'
import { mapStores } from '../features/explore/lib/map-stores'
import { classifyTiles, parseUpdateTimes } from '../lib/status-summary'
import { renderApp } from '../testing/render'
import { server } from '../testing/server'

// Wednesday 1 July 2026 at noon in Ohio (16:00 UTC), and 9 PM that day.
const NOON_IN_OHIO = new Date('2026-07-01T16:00:00Z')
const NINE_PM_IN_OHIO = new Date('2026-07-02T01:00:00Z')

const stores = rosterStatus.map((s) => v.parse(dispensaryStatusSchema, s))
const times = parseUpdateTimes(stores)

describe('mapStores with the state’s roster', () => {
  const at = (now: Date, openNow: boolean) =>
    mapStores(stores, times, classifyTiles(times, now.getTime()), { market: '', monitored: '', openNow }, now.getTime())

  it('marks the licensed stores with no menu known', () => {
    const placed = at(NOON_IN_OHIO, false)
    expect(placed.filter((s) => s.licensedNoMenu).map((s) => s.slug)).toEqual(['green-leaf-wellness-llc-kent', 'harbor-cleveland'])
    expect(placed.some((s) => s.hoursUnknown)).toBe(false)
  })

  it('under "Open now" leaves the closed out and keeps unknown hours in their own group', () => {
    const noon = at(NOON_IN_OHIO, true)
    expect(noon.filter((s) => !s.hoursUnknown).map((s) => s.slug)).toEqual(['good', 'green-leaf-wellness-llc-kent'])
    expect(noon.filter((s) => s.hoursUnknown).map((s) => s.slug)).toEqual(['harbor-cleveland', 'lead'])
    const night = at(NINE_PM_IN_OHIO, true)
    expect(night.filter((s) => !s.hoursUnknown)).toEqual([])
    expect(night.map((s) => s.slug)).toEqual(['harbor-cleveland', 'lead'])
  })
})

describe('Dispensary maps with the state’s roster', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOON_IN_OHIO)
    server.use(http.get('*/api/DispensaryStatus', () => HttpResponse.json(rosterStatus)))
  })
  afterEach(() => vi.useRealTimers())

  it('explains the licensed marker, and filters open now keeping unknown hours apart', async () => {
    const user = userEvent.setup()
    renderApp('/maps')
    expect(await screen.findByText('4 dispensaries on the map.')).toBeInTheDocument()
    const legend = screen.getByRole('list', { name: 'What the markers mean' })
    expect(within(legend).getByText(/licensed by the state, no menu known/)).toBeInTheDocument()
    const list = screen.getByText('The same stores as a list').closest('details') as HTMLElement
    expect(
      within(list)
        .getByText(/Harbor Cleveland/)
        .closest('li'),
    ).toHaveTextContent('licensed, no menu known · Hours unknown')
    expect(
      within(list)
        .getByText(/Good Store/)
        .closest('li'),
    ).toHaveTextContent('Open now · closes 8 PM')

    await user.click(screen.getByRole('checkbox', { name: 'Open now' }))
    expect(await screen.findByText('2 open now and 2 whose hours are unknown on the map.')).toBeInTheDocument()
    expect(within(legend).getByText(/hours unknown/)).toBeInTheDocument()
    const unknown = within(list).getByRole('heading', { name: 'Hours unknown' }).nextElementSibling as HTMLElement
    expect(
      within(unknown)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Harbor Cleveland', 'Lead Store'])
  })
})
