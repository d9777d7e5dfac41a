import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_DISPLAY, displayStore, previousSearchStore } from '../features/offers/lib/search-state'
import { FIXTURE_NOW } from '../testing/fixture-now'
import { renderApp } from '../testing/render'
import { server } from '../testing/server'

// The fixtures are publish's golden search files: Bloom Akron and Botanist Canton
// (Northeast), Rise Toledo (Northwest), Zen Leaf Dayton (Southwest).

function requested(): string[] {
  const seen: string[] = []
  server.events.on('request:start', ({ request }) => {
    seen.push(new URL(request.url).pathname)
  })
  return seen
}

describe('Menus', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(FIXTURE_NOW)
    window.localStorage.clear()
    previousSearchStore.set(null)
    displayStore.set(DEFAULT_DISPLAY)
  })
  afterEach(() => {
    vi.useRealTimers()
    server.events.removeAllListeners()
  })

  it('shows the whole state’s first page cheapest first before any search, in one list', async () => {
    renderApp('/dispensary-menus')
    expect(await screen.findByRole('heading', { name: 'Everything in stock, all of Ohio' })).toBeInTheDocument()
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('5 offers at 3 stores: Flower on medical and adult-use menus in all of Ohio.')
    // Not grouped by store (a choice), sorted by price paid: no store headings, Toledo's $35 first.
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0)
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price')
    const rows = screen.getAllByRole('row').filter((r) => within(r).queryAllByRole('cell').length > 0)
    // The price paid (each cell then says about what it comes to with tax, tested with src/lib/tax.ts).
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')[2]!
          .textContent!.replace(/≈ \$[\d,.]+ with tax/, ''),
      ),
      // A sale says the lowest price of the 30 days before it began (publish/SNAPSHOTS.md, "Lows").
    ).toEqual([
      '$35.00',
      'On sale: $36.00 regular price $45.00lowest in the 30 days before: $45.00seen by omc for 8 days',
      '$38.00',
      '$40.00',
      '$42.00',
    ])
    expect(within(rows[0]!).getByRole('link', { name: 'RISE Toledo' })).toHaveAttribute('href', '/dispensary-menus/rise-toledo')
  })

  it('groups by store when chosen, each heading linking to the store’s page and its own site', async () => {
    const user = userEvent.setup()
    renderApp('/dispensary-menus')
    await screen.findByText(/5 offers at 3 stores/)
    await user.click(screen.getByRole('checkbox', { name: 'Group by store' }))
    const stores = await screen.findAllByRole('heading', { level: 3 })
    expect(stores.map((h) => within(h).getAllByRole('link')[0]!.textContent)).toEqual(['RISE Toledo', 'Bloom Akron', 'The Botanist Canton'])
    expect(within(stores[1]!).getByRole('link', { name: 'Bloom Akron' })).toHaveAttribute('href', '/dispensary-menus/bloom-akron')
    expect(screen.getByRole('link', { name: /Bloom Akron’s own site/ })).toHaveAttribute('href', 'https://bloom.example')
  })

  it('shows publish’s first page while the shards are still loading', async () => {
    const seen = requested()
    // The shards never answer: what shows comes from api/search/flower/first alone.
    server.use(http.get('*/api/search/flower/:region', ({ params }) => (params.region === 'first' ? undefined : new Promise<never>(() => {}))))
    renderApp('/dispensary-menus')
    expect(await screen.findByRole('heading', { name: 'Everything in stock, all of Ohio' })).toBeInTheDocument()
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('5 offers at 3 stores: Flower on medical and adult-use menus in all of Ohio.')
    expect(screen.getAllByRole('row').filter((r) => within(r).queryAllByRole('cell').length > 0)[0]).toHaveTextContent(/RISE Toledo/)
    expect(screen.getByRole('region', { name: 'Everything in stock, all of Ohio' })).toHaveAttribute('aria-busy', 'true')
    expect(seen).toContain('/api/search/flower/first')
  })

  it('shows every filter with publish’s counts while the shards are still loading, then the same counts of its own', async () => {
    let release = () => {}
    const pending = new Promise<void>((resolve) => (release = resolve))
    server.use(http.get('*/api/search/flower/:region', async ({ params }) => (params.region === 'first' ? undefined : await pending)))
    renderApp('/dispensary-menus')
    const filters = await screen.findByRole('form', { name: 'Filters with counts' })
    const options = () =>
      ['Brand', 'Size', 'Terpene'].map((facet) =>
        within(within(filters).getByRole('group', { name: facet }))
          .getAllByRole('checkbox')
          .map((box) => box.closest('label')!.textContent),
      )
    const published = options()
    // The whole state's five offers: each option with its count, as the site counts them.
    expect(published[0]).toEqual(['Klutch (4)', 'Grow Ohio (1)'])
    expect(published.every((list) => list.length > 0 && list.every((label) => /\(\d+\)$/.test(label!)))).toBe(true)
    expect(screen.getByRole('region', { name: 'Everything in stock, all of Ohio' })).toHaveAttribute('aria-busy', 'true')
    release()
    await waitFor(() => expect(screen.getByRole('region', { name: 'Everything in stock, all of Ohio' })).toHaveAttribute('aria-busy', 'false'))
    expect(options()).toEqual(published)
  })

  it('asks for no first page when the search is not the default one', async () => {
    const seen = requested()
    renderApp('/dispensary-menus/northeast/flower?sale=1')
    await screen.findByText(/offers at 1 store/)
    expect(seen.filter((p) => p.includes('/api/search/'))).toEqual(['/api/search/stores', '/api/search/flower/northeast'])
  })

  it('opens a region’s own page with publish’s first page of its search, then loads only its shard', async () => {
    const seen = requested()
    renderApp('/dispensary-menus/northeast/flower')
    expect(await screen.findByText(/offers at 2 stores: Flower on medical and adult-use menus in Northeast Ohio/)).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('Northeast')
    await waitFor(() => expect(document.title).toBe('Menus: Flower in Northeast Ohio - Ohio Marijuana Community'))
    // The shard follows once the first page is painted: then the results are the whole search's, not busy.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Results' })).toHaveAttribute('aria-busy', 'false'))
    expect(seen.filter((p) => p.includes('/api/search/'))).toEqual([
      '/api/search/stores',
      '/api/search/flower/first-northeast',
      '/api/search/flower/northeast',
    ])
  })

  it('moves a link naming a region in its query to the region’s page, keeping its filters and a share’s tracking parameters', async () => {
    const { location } = renderApp('/dispensary-menus?by=region&region=Northeast&type=Flower&sale=1&utm_source=facebook')
    await waitFor(() => expect(location()?.pathname).toBe('/dispensary-menus/northeast/flower'))
    expect(location()?.search).toBe('?sale=1&utm_source=facebook')
    expect(await screen.findByRole('checkbox', { name: /^On sale/ })).toBeChecked()
  })

  it('moves to a region’s page as the region is chosen and back to Menus for all of Ohio, the form kept as it is, the page not scrolled', async () => {
    const user = userEvent.setup()
    const { location } = renderApp('/dispensary-menus')
    await screen.findByText(/5 offers/)
    const region = screen.getByRole('combobox', { name: 'Region' })
    const scrolled = vi.spyOn(window, 'scrollTo')
    await user.selectOptions(region, 'Northeast')
    await waitFor(() => expect(location()?.pathname).toBe('/dispensary-menus/northeast/flower'))
    await screen.findByText(/offers at 2 stores: Flower on medical and adult-use menus in Northeast Ohio/)
    // The same form element: the screen was not mounted afresh (a keyboard's focus stays on it).
    expect(screen.getByRole('combobox', { name: 'Region' })).toBe(region)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Product type' }), 'Vape')
    await waitFor(() => expect(location()?.pathname).toBe('/dispensary-menus/northeast/vape'))
    await user.selectOptions(region, 'All of Ohio')
    await waitFor(() => expect(location()?.pathname).toBe('/dispensary-menus'))
    expect(location()?.search).toBe('?by=region&type=Vape')
    expect(screen.getByRole('combobox', { name: 'Region' })).toBe(region)
    expect(scrolled).not.toHaveBeenCalled()
  })

  it('finds a strain within 25 miles of Akron, cheapest first, loading only the Northeast shard', async () => {
    const seen = requested()
    displayStore.set({ groupByStore: true, cardView: false })
    renderApp('/dispensary-menus?by=distance&lat=41.0798&lng=-81.5219&within=25&near=Akron&type=Flower&q=muul&sort=price')
    await screen.findByText(/3 offers at 2 stores/)
    const rows = screen.getAllByRole('row').filter((r) => within(r).queryAllByRole('cell').length > 0)
    // Grouped by store in price order: Akron (on sale $36), then Canton ($38 medical, $40 adult use),
    // each with tax: Akron is in Summit County (6.75 %), 36 × 1.1675 = 42.03 adult use; Canton in
    // Stark (6.5 %), 38 × 1.065 = 40.47 medical, 40 × 1.165 = 46.60 adult use.
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual([
      'On sale: $36.00 regular price $45.00≈ $42.03 with taxlowest in the 30 days before: $45.00seen by omc for 8 days',
      '$38.00≈ $40.47 with tax',
      '$40.00≈ $46.60 with tax',
    ])
    expect(within(rows[0]!).getByText('$10.29/g')).toBeInTheDocument()
    expect(within(rows[0]!).getByText('Adult use')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('Medical')).toBeInTheDocument()
    expect(within(rows[0]!).getByRole('img', { name: 'current' })).toBeInTheDocument()
    // Bloom Akron has its own coordinates, 1.3 mi from Akron's centre; Canton is placed at its city's centre, 20.7 mi.
    expect(screen.getByText('737 E. North St., Akron · 1.3 mi away')).toBeInTheDocument()
    expect(screen.getByText('Canton · about 21 mi away')).toBeInTheDocument()
    expect(seen.filter((p) => p.includes('/api/search/'))).toEqual(['/api/search/stores', '/api/search/flower/northeast'])
  })

  it('tolerates a typo in the text', async () => {
    renderApp('/dispensary-menus?by=region&type=Flower&q=gelatto')
    await screen.findByText(/1 offers at 1 store/)
    expect(screen.getByRole('link', { name: 'Gelato 41' })).toHaveAttribute('href', '/product/grow-ohio-gelato-41-flower-3-5g')
  })

  it('says why nothing matched and widens the search in one click', async () => {
    const user = userEvent.setup()
    const { location } = renderApp('/dispensary-menus?by=region&region=Northeast&type=Flower&sale=1&q=gelato')
    expect(
      await screen.findByText(/4 offers match the search, but the filters hide them all: the text hid 3, the filters with counts hid 1/),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove the filters with counts' }))
    await screen.findByText(/1 offers at 1 store/)
    expect(location()?.pathname).toBe('/dispensary-menus/northeast/flower')
    expect(location()?.search).toBe('?q=gelato')
  })

  it('keeps each filter change in the history and the last search for next time', async () => {
    const user = userEvent.setup()
    const { location } = renderApp('/dispensary-menus')
    await screen.findByText(/5 offers/)
    await user.click(screen.getByRole('checkbox', { name: /^On sale/ }))
    await screen.findByText(/1 offers at 1 store/)
    expect(location()?.search).toBe('?by=region&type=Flower&sale=1')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'Northwest')
    expect(previousSearchStore.get()).toEqual({ region: 'Northwest', menuType: 'both', productType: 'Flower' })
  })

  it('offers the previous search on a first visit', async () => {
    const user = userEvent.setup()
    previousSearchStore.set({ region: 'Northeast', menuType: 'medical', productType: 'Flower' })
    const { location } = renderApp('/menu')
    await user.click(await screen.findByRole('button', { name: 'Back to your last search' }))
    await screen.findByText(/1 offers at 1 store: Flower on medical menus in Northeast Ohio/)
    expect(location()?.pathname).toBe('/dispensary-menus/northeast/flower')
    expect(location()?.search).toBe('?recreational=0')
  })

  it('says what failed when a shard cannot be loaded', async () => {
    server.use(http.get('*/api/search/flower/all-1', () => new HttpResponse('gone', { status: 404 })))
    renderApp('/dispensary-menus')
    expect(await screen.findByRole('alert')).toHaveTextContent('The menus could not be loaded: GET /api/search/flower/all-1 failed: HTTP 404')
  })

  it('loads the whole state from its first page and one whole-state file, not every region’s', async () => {
    const seen = requested()
    renderApp('/dispensary-menus')
    await waitFor(() => expect(screen.getByRole('region', { name: 'Everything in stock, all of Ohio' })).toHaveAttribute('aria-busy', 'false'))
    expect(seen.filter((p) => p.includes('/api/search/')).sort()).toEqual([
      '/api/search/flower/all-1',
      '/api/search/flower/first',
      '/api/search/stores',
    ])
    // Toledo's stale $35 Muul Fuel (Northwest) is in the whole state's file.
    expect(screen.getByText('5 offers at 3 stores', { exact: false })).toBeInTheDocument()
  })

  it('loads the whole-state file for a distance search that reaches every region', async () => {
    const seen = requested()
    renderApp('/dispensary-menus?by=distance&lat=41.0798&lng=-81.5219&within=200&near=Akron&type=Flower&sort=price')
    await screen.findByText(/5 offers at 3 stores/)
    expect(seen.filter((p) => p.includes('/api/search/'))).toEqual(['/api/search/stores', '/api/search/flower/all-1'])
  })
})

describe('Menus display preferences', () => {
  it('persists grouping by store and cards', async () => {
    window.localStorage.clear()
    displayStore.set(DEFAULT_DISPLAY)
    const user = userEvent.setup()
    renderApp('/dispensary-menus')
    await screen.findByText(/offers at/)
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0)
    await user.click(screen.getByRole('checkbox', { name: 'Group by store' }))
    await user.click(screen.getByRole('checkbox', { name: 'Cards' }))
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('omc-display')!)).toEqual({ groupByStore: true, cardView: true }))
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(0)
  })
})
