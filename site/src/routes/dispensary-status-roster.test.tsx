import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
// A tree published after a roster read: publish's own golden files (publish/roster_test.go).
import rosterStatus from '../../../publish/testdata/roster-status.golden.json'
import rosterPipeline from '../../../publish/testdata/roster-pipeline.golden.json'
import DispensaryStatusRoute from './dispensary-status'
import { renderWithProviders } from '../testing/render'
import { server } from '../testing/server'

// Wednesday 1 July 2026 at noon in Ohio (16:00 UTC).
const NOON_IN_OHIO = new Date('2026-07-01T16:00:00Z')

const card = (name: string) => screen.getByRole('article', { name })
const cardNames = () =>
  within(screen.getByRole('list', { name: 'Dispensaries' }))
    .getAllByRole('article')
    .map((a) => within(a).getByRole('heading', { level: 2 }).textContent)

describe('the status page with the state’s roster', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOON_IN_OHIO)
    server.use(
      http.get('*/api/DispensaryStatus', () => HttpResponse.json(rosterStatus)),
      http.get('*/api/pipeline', () => HttpResponse.json(rosterPipeline)),
    )
  })
  afterEach(() => vi.useRealTimers())

  it('counts the stores the state licenses', async () => {
    renderWithProviders(<DispensaryStatusRoute />)
    const summary = await screen.findByRole('region', { name: 'Summary' })
    expect(within(summary).getByText('Licensed by the state').nextElementSibling).toHaveTextContent('3')
  })

  it('says on each card whether the store is open, its hours, phone and licence', async () => {
    renderWithProviders(<DispensaryStatusRoute />)
    await screen.findByRole('list', { name: 'Dispensaries' })
    const good = card('Good Store')
    expect(within(good).getByText('Open now · closes 8 PM')).toBeInTheDocument()
    expect(within(good).getByText(/Hours: M-Sat: 10AM-8PM, Sun: 11AM-5PM/)).toBeInTheDocument()
    expect(within(good).getByRole('link', { name: '(330) 555-0100' })).toHaveAttribute('href', 'tel:+13305550100')
    expect(within(good).getByText('1 Main Street, Akron', { exact: false })).toBeInTheDocument()
    expect(within(good).getByText(/Licensed by the state: CCD000001-00 \(Dual Use Dispensary\)/)).toBeInTheDocument()
    // "Call for hours" is no hours at all.
    const harbor = card('Harbor Cleveland')
    expect(within(harbor).getByText('Hours unknown')).toBeInTheDocument()
    expect(within(harbor).getByText('Licensed by the state, no menu known: we read no menu of this store.')).toBeInTheDocument()
    // A lead the roster does not list.
    const lead = card('Lead Store')
    expect(within(lead).getByText(/^Not on the state’s list/)).toBeInTheDocument()
    expect(within(lead).queryByText(/Licensed by the state/)).not.toBeInTheDocument()
  })

  it('re-decides open or closed at the visitor’s time, on Ohio’s clock', async () => {
    vi.setSystemTime(new Date('2026-07-02T01:00:00Z')) // 9 PM in Ohio
    renderWithProviders(<DispensaryStatusRoute />)
    await screen.findByRole('list', { name: 'Dispensaries' })
    expect(within(card('Good Store')).getByText('Closed · opens 10 AM')).toBeInTheDocument()
    expect(within(card('Green Leaf Wellness, LLC')).getByText('Closed · opens 9 AM')).toBeInTheDocument()
  })

  it('filters the licensed stores with no menu known, and the stores the state does not list', async () => {
    const user = userEvent.setup()
    renderWithProviders(<DispensaryStatusRoute />)
    await screen.findByRole('list', { name: 'Dispensaries' })
    expect(cardNames()).toHaveLength(4)
    await user.selectOptions(screen.getByRole('combobox', { name: 'State’s list' }), 'licensed-no-menu')
    await waitFor(() => expect(cardNames()).toEqual(['Green Leaf Wellness, LLC', 'Harbor Cleveland']))
    await user.selectOptions(screen.getByRole('combobox', { name: 'State’s list' }), 'not-listed')
    await waitFor(() => expect(cardNames()).toEqual(['Lead Store']))
  })

  it('says when the roster was read and that its last read failed', async () => {
    renderWithProviders(<DispensaryStatusRoute />)
    const coverage = await screen.findByRole('region', { name: 'Coverage' })
    expect(
      await within(coverage).findByText(
        /The state’s list of licensed dispensaries, read .*: 4 licences, 3 active; 2 of the stores here are on it, 1 of them with a menu we read; 1 licensed store was missing from our list .*; 1 store is not on it\. The last read failed \(.*answered 0 rows\); the last good list is in use\./,
      ),
    ).toBeInTheDocument()
  })
})
