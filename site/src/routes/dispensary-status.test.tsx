import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIXTURE_NOW } from '../testing/fixture-now'
import { renderWithProviders } from '../testing/render'
import { server } from '../testing/server'
import userEvent from '@testing-library/user-event'
import { PAGE_SIZE } from '../features/status/components/dispensary-list'
import DispensaryStatusRoute from './dispensary-status'

// Reads the summary's term/definition pairs into an object.
function summaryCounts(): Record<string, string> {
  const summary = screen.getByRole('region', { name: 'Summary' })
  const terms = within(summary).getAllByRole('term')
  const definitions = within(summary).getAllByRole('definition')
  return Object.fromEntries(terms.map((term, i) => [term.textContent ?? '', definitions[i]?.textContent ?? '']))
}

function dispensaryCard(name: string): HTMLElement {
  return screen.getByRole('article', { name })
}

describe('DispensaryStatusRoute', () => {
  beforeEach(() => {
    // Only the clock is fake: MSW and Testing Library keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(FIXTURE_NOW)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('names the page', async () => {
    renderWithProviders(<DispensaryStatusRoute />)
    expect(screen.getByRole('heading', { level: 1, name: 'Dispensary Status' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Dispensary Status - Ohio Marijuana Community'))
  })

  it('shows the summary counts computed at view time', async () => {
    renderWithProviders(<DispensaryStatusRoute />)
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument()
    expect(summaryCounts()).toEqual({
      Dispensaries: '4',
      Monitored: '3',
      'Not Monitored': '1',
      Menus: '4',
      Current: '10',
      Stale: '3',
      Missing: '7',
    })
  })

  it('shows one card per dispensary with location and monitoring pill', async () => {
    renderWithProviders(<DispensaryStatusRoute />)
    const list = await screen.findByRole('list', { name: 'Dispensaries' })
    expect(within(list).getAllByRole('article')).toHaveLength(4)

    const bloom = dispensaryCard('Bloom Akron')
    expect(within(bloom).getByText('737 E. North St., Akron')).toBeInTheDocument()
    expect(within(bloom).getByText('Monitored')).toBeInTheDocument()

    const harvest = dispensaryCard('Harvest of Athens')
    expect(within(harvest).getByText('Not Monitored')).toBeInTheDocument()
    expect(within(harvest).getByText('No menus are tracked for this dispensary.')).toBeInTheDocument()
  })

  it('shows a row of five tiles per market', async () => {
    renderWithProviders(<DispensaryStatusRoute />)
    await screen.findByRole('list', { name: 'Dispensaries' })
    const bloom = dispensaryCard('Bloom Akron')
    expect(within(bloom).getByRole('heading', { name: 'Recreational' })).toBeInTheDocument()
    expect(within(bloom).getByRole('heading', { name: 'Medical' })).toBeInTheDocument()

    const recreational = within(bloom).getByRole('list', { name: 'Recreational menu' })
    const tiles = within(recreational).getAllByRole('listitem')
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      `Flower menu, status: ${new Date('2026-07-01T10:00:00Z').toLocaleDateString()} (2 h ago)142 products`,
      `Preroll menu, status: ${new Date('2026-07-01T09:00:00Z').toLocaleDateString()} (3 h ago)38 products`,
      `Vape menu, status: ${new Date('2026-06-30T16:00:00Z').toLocaleDateString()} (20 h ago)61 products`,
      `Extract menu, status: ${new Date('2026-06-29T20:00:00Z').toLocaleDateString()} (40 h ago)12 products`,
      'Edible menu, status: Never',
    ])
    expect(
      within(recreational)
        .getAllByRole('img')
        .map((icon) => icon.getAttribute('aria-label')),
    ).toEqual(['current', 'current', 'stale', 'missing', 'missing'])
  })

  it('hides the product count when it is unknown (-1) but shows a real zero', async () => {
    renderWithProviders(<DispensaryStatusRoute />)
    await screen.findByRole('list', { name: 'Dispensaries' })
    const rise = within(dispensaryCard('RISE Toledo')).getByRole('list', { name: 'Medical menu' })
    const riseTiles = within(rise).getAllByRole('listitem')
    expect(within(riseTiles[0]!).getByText('64 products')).toBeInTheDocument()
    for (const tile of riseTiles.slice(1)) {
      expect(within(tile).queryByText(/products/)).not.toBeInTheDocument()
      expect(within(tile).getByText('Never')).toBeInTheDocument()
    }
    const botanist = within(dispensaryCard('The Botanist Columbus')).getByRole('list', { name: 'Recreational menu' })
    expect(within(botanist).getByText('0 products')).toBeInTheDocument()
  })

  it("counts freshness at the viewer's time, not the snapshot's", async () => {
    vi.setSystemTime(new Date(FIXTURE_NOW.getTime() + 12 * 3_600_000))
    renderWithProviders(<DispensaryStatusRoute />)
    await screen.findByRole('region', { name: 'Summary' })
    expect(summaryCounts()).toMatchObject({ Current: '7', Stale: '5', Missing: '8' })
  })

  it('re-ages the tiles while the page stays open', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(FIXTURE_NOW)
    renderWithProviders(<DispensaryStatusRoute />)
    await screen.findByRole('region', { name: 'Summary' })
    expect(summaryCounts()).toMatchObject({ Current: '10', Stale: '3', Missing: '7' })
    act(() => {
      vi.advanceTimersByTime(12 * 3_600_000)
    })
    expect(summaryCounts()).toMatchObject({ Current: '7', Stale: '5', Missing: '8' })
    const botanist = within(dispensaryCard('The Botanist Columbus')).getByRole('list', { name: 'Recreational menu' })
    expect(
      within(botanist)
        .getAllByRole('img')
        .map((icon) => icon.getAttribute('aria-label')),
    ).toEqual(['stale', 'stale', 'missing', 'stale', 'stale'])
  })

  it('shows the loading state, then the data', async () => {
    renderWithProviders(<DispensaryStatusRoute />)
    expect(screen.getByRole('status', { name: 'Loading dispensary status' })).toBeInTheDocument()
    await screen.findByRole('region', { name: 'Summary' })
    expect(screen.queryByRole('status', { name: 'Loading dispensary status' })).not.toBeInTheDocument()
  })

  it.each([
    { status: 404, statusText: 'Not Found' },
    { status: 403, statusText: 'Forbidden' },
  ])('says "An error happened." with the message on HTTP $status', async ({ status, statusText }) => {
    server.use(http.get('*/api/DispensaryStatus', () => new HttpResponse(null, { status, statusText })))
    renderWithProviders(<DispensaryStatusRoute />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(`An error happened. GET /api/DispensaryStatus failed: HTTP ${status} ${statusText}`)
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument()
  })

  it('says "An error happened." for a snapshot of the wrong shape', async () => {
    server.use(http.get('*/api/DispensaryStatus', () => HttpResponse.json([{ name: 'Bloom Akron' }])))
    renderWithProviders(<DispensaryStatusRoute />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error happened. snapshot DispensaryStatus has an unexpected shape at [0].location: expected string, got undefined',
    )
  })

  describe('finding a store', () => {
    const cardNames = () =>
      within(screen.getByRole('list', { name: 'Dispensaries' }))
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading', { level: 2 }).textContent)

    it('searches by city and by name, every word counting', async () => {
      const user = userEvent.setup()
      renderWithProviders(<DispensaryStatusRoute />)
      const box = await screen.findByRole('searchbox', { name: 'Name or city' })
      await user.type(box, 'toledo')
      await waitFor(() => expect(cardNames()).toEqual(['RISE Toledo']))
      expect(screen.getByText('1 of 4 dispensaries match')).toBeInTheDocument()
      await user.clear(box)
      await user.type(box, 'botanist col')
      await waitFor(() => expect(cardNames()).toEqual(['The Botanist Columbus']))
      await user.type(box, 'x')
      expect(await screen.findByText('No dispensary matches.')).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Clear the search and filters' }))
      await waitFor(() => expect(cardNames()).toHaveLength(4))
    })

    it('filters by region, market, monitored and freshness', async () => {
      const user = userEvent.setup()
      renderWithProviders(<DispensaryStatusRoute />)
      await screen.findByRole('list', { name: 'Dispensaries' })
      await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'Central')
      await waitFor(() => expect(cardNames()).toEqual(['The Botanist Columbus']))
      await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), '')
      await user.selectOptions(screen.getByRole('combobox', { name: 'Market' }), 'medical')
      await waitFor(() => expect(cardNames()).toEqual(['Bloom Akron', 'RISE Toledo']))
      await user.selectOptions(screen.getByRole('combobox', { name: 'Market' }), '')
      await user.selectOptions(screen.getByRole('combobox', { name: 'Monitored' }), 'no')
      await waitFor(() => expect(cardNames()).toEqual(['Harvest of Athens']))
      await user.selectOptions(screen.getByRole('combobox', { name: 'Monitored' }), '')
      // Harvest has no menu and RISE's only dated tile is days old: nothing better than missing.
      await user.selectOptions(screen.getByRole('combobox', { name: 'Freshest menu' }), 'missing')
      await waitFor(() => expect(cardNames()).toEqual(['Harvest of Athens', 'RISE Toledo']))
      await user.selectOptions(screen.getByRole('combobox', { name: 'Freshest menu' }), 'current')
      await waitFor(() => expect(cardNames()).toEqual(['Bloom Akron', 'The Botanist Columbus']))
    })

    it('sorts by name or by last update, never-updated last', async () => {
      const user = userEvent.setup()
      renderWithProviders(<DispensaryStatusRoute />)
      await screen.findByRole('list', { name: 'Dispensaries' })
      expect(cardNames()).toEqual(['Bloom Akron', 'Harvest of Athens', 'RISE Toledo', 'The Botanist Columbus'])
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'updated')
      await waitFor(() => expect(cardNames().at(-1)).toBe('Harvest of Athens'))
    })

    it('gives each card an anchor and links to its menus', async () => {
      renderWithProviders(<DispensaryStatusRoute />)
      await screen.findByRole('list', { name: 'Dispensaries' })
      const bloom = dispensaryCard('Bloom Akron')
      expect(bloom.closest('li')).toHaveAttribute('id', 'bloom-akron')
      expect(within(bloom).getByRole('link', { name: 'Link to Bloom Akron' })).toHaveAttribute('href', '#bloom-akron')
      expect(within(bloom).getByRole('link', { name: 'Search this menu' })).toHaveAttribute('href', '/dispensary-menus?store=bloom-akron')
      expect(within(bloom).getByRole('link', { name: 'Medical menu on the store’s site' })).toHaveAttribute(
        'href',
        'https://example.com/menu/bloom-akron/medical',
      )
      // Not monitored: no menu to search, but its street address shows.
      const harvest = dispensaryCard('Harvest of Athens')
      expect(within(harvest).queryByRole('link', { name: 'Search this menu' })).not.toBeInTheDocument()
    })

    it('shows coverage by region and platform and the last scrape run', async () => {
      renderWithProviders(<DispensaryStatusRoute />)
      const coverage = await screen.findByRole('region', { name: 'Coverage' })
      expect(within(coverage).getByText('4 dispensaries listed in 4 regions, 3 of them monitored through 2 menu platforms.')).toBeInTheDocument()
      const regions = within(coverage).getByRole('table', { name: 'Dispensaries by region' })
      expect(within(regions).getByRole('row', { name: 'Southeast 1 0' })).toBeInTheDocument()
      const platforms = within(coverage).getByRole('table', { name: 'Dispensaries by menu platform' })
      expect(within(platforms).getByRole('row', { name: 'jane 2' })).toBeInTheDocument()
      expect(
        await within(coverage).findByText(/Last scrape run finished .* \(1 h ago\): 4 menus read, 1 failed \(jane: 1 http status\)\./),
      ).toBeInTheDocument()
    })

    it('works without api/pipeline (older trees)', async () => {
      server.use(http.get('*/api/pipeline', () => new HttpResponse(null, { status: 404 })))
      renderWithProviders(<DispensaryStatusRoute />)
      const coverage = await screen.findByRole('region', { name: 'Coverage' })
      expect(within(coverage).queryByText(/scrape/)).not.toBeInTheDocument()
    })
  })

  describe('many dispensaries', () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({
      name: `Store ${String(i).padStart(4, '0')}`,
      location: i === 1999 ? 'Zanesville' : 'Akron',
      monitored: true,
      slug: `store-${i}`,
      marketStatuses: [],
    }))

    it(`renders ${PAGE_SIZE} cards, more on request, and finds any store by search`, async () => {
      server.use(http.get('*/api/DispensaryStatus', () => HttpResponse.json(many)))
      const user = userEvent.setup()
      renderWithProviders(<DispensaryStatusRoute />)
      const list = await screen.findByRole('list', { name: 'Dispensaries' })
      expect(within(list).getAllByRole('article')).toHaveLength(PAGE_SIZE)
      expect(screen.getByText(`2000 dispensaries, showing the first ${PAGE_SIZE}`)).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: `Show ${PAGE_SIZE} more` }))
      expect(within(list).getAllByRole('article')).toHaveLength(2 * PAGE_SIZE)
      await user.type(screen.getByRole('searchbox', { name: 'Name or city' }), 'zanesville')
      await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(1))
    })

    it('opens the list as far as a #slug link needs', async () => {
      server.use(http.get('*/api/DispensaryStatus', () => HttpResponse.json(many)))
      const scrolled = vi.fn()
      Element.prototype.scrollIntoView = scrolled
      renderWithProviders(<DispensaryStatusRoute />, { path: '/dispensary-status#store-120' })
      const list = await screen.findByRole('list', { name: 'Dispensaries' })
      expect(within(list).getAllByRole('article')).toHaveLength(121)
      await waitFor(() => expect(scrolled).toHaveBeenCalled())
      expect(scrolled.mock.contexts[0]).toHaveAttribute('id', 'store-120')
    })
  })
})
