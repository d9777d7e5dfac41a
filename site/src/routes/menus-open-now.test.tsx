import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
// Hours from the shared vectors, given to the fixture's stores (publish's golden search/stores has none).
import vectors from '../../../hours/testdata/vectors.json'
import { displayStore, previousSearchStore } from '../features/offers/lib/search-state'
import searchStores from '../testing/fixtures/shop/search-stores.json'
import { renderApp } from '../testing/render'
import { server } from '../testing/server'

const week = (text: string) => vectors.vectors.find((v) => v.text === text)!.hours
// Bloom Akron is open until 8 PM; Botanist Canton closes 1-2 PM on weekdays; Rise Toledo's hours are unknown.
const HOURS: Record<string, unknown> = {
  'bloom-akron': week('M-Sat: 10AM-8PM, Sun: 11AM-5PM'),
  'botanist-canton': week('Mon-Fri 9AM-1PM, 2PM-6PM; Sat 10-4pm; Sun closed'),
}
const withHours = { ...searchStores, stores: searchStores.stores.map((s) => ({ ...s, openingHours: HOURS[s.slug] ?? null })) }
// Wednesday 1 July 2026, 1:30 PM in Ohio.
const LUNCH_IN_OHIO = new Date('2026-07-01T17:30:00Z')

const storeHeadings = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)

describe('Menus: open now', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(LUNCH_IN_OHIO)
    window.localStorage.clear()
    // Grouped by store (a choice): each store's heading says whether it is open.
    displayStore.set({ groupByStore: true, cardView: false })
    previousSearchStore.set(null)
    server.use(http.get('*/api/search/stores', () => HttpResponse.json(withHours)))
  })
  afterEach(() => vi.useRealTimers())

  it('says under each store whether it is open', async () => {
    renderApp('/dispensary-menus?by=region&type=Flower')
    const bloom = (await screen.findByRole('heading', { level: 3, name: /^Bloom Akron/ })).closest('section') as HTMLElement
    expect(within(bloom).getByText('Open now · closes 8 PM')).toBeInTheDocument()
    const canton = screen.getByRole('heading', { level: 3, name: /^The Botanist Canton/ }).closest('section') as HTMLElement
    expect(within(canton).getByText('Closed · opens 2 PM')).toBeInTheDocument()
  })

  it('keeps the open stores, then those with unknown hours apart, and hides the closed', async () => {
    const user = userEvent.setup()
    const { location } = renderApp('/dispensary-menus?by=region&type=Flower')
    await screen.findByText(/^5 offers at 3 stores/)
    await user.click(screen.getByRole('checkbox', { name: 'Open now (stores with unknown hours listed apart)' }))
    expect(await screen.findByText(/^3 offers at 2 stores/)).toBeInTheDocument()
    expect(location()?.search).toBe('?by=region&type=Flower&open=1')
    const headings = storeHeadings()
    expect(headings[0]).toMatch(/^Bloom Akron/)
    expect(headings[1]).toBe('Stores whose hours are unknown')
    expect(headings[2]).toMatch(/^RISE Toledo/)
    expect(headings.some((h) => /Botanist/.test(h ?? ''))).toBe(false)
  })

  it('shows the hours in one list too', async () => {
    const user = userEvent.setup()
    renderApp('/dispensary-menus?by=region&type=Flower&open=1')
    await screen.findByText(/^3 offers at 2 stores/)
    await user.click(screen.getByRole('checkbox', { name: 'Group by store' }))
    const tables = await screen.findAllByRole('table')
    expect(within(tables[0]!).getByRole('columnheader', { name: 'Open now?' })).toBeInTheDocument()
    expect(within(tables[0]!).getAllByText('Open now · closes 8 PM')).toHaveLength(2)
    expect(within(tables[1]!).getByText('Hours unknown')).toBeInTheDocument()
  })

  it('says on a product’s page whether each store with it is open', async () => {
    renderApp('/product/klutch-muul-fuel-flower-3-5g')
    const table = (await screen.findAllByRole('table'))[0]!
    expect(within(table).getByRole('columnheader', { name: 'Open now?' })).toBeInTheDocument()
    const row = (store: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByRole('link', { name: store }))!
    expect(await within(row('Bloom Akron')).findByText('Open now · closes 8 PM')).toBeInTheDocument()
    expect(within(row('RISE Toledo')).getByText('Hours unknown')).toBeInTheDocument()
  })
})
