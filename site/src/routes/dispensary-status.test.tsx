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
      Dispensaries: '5',
      Monitored: '4',
      'Not Monitored': '1',
      Menus: '5',
      Current: '10',
      Stale: '5',
      Missing: '10',
    })
    // 5 menus, 25 tiles: the tile counts say what they count.
    expect(screen.getByText(/^Current, Stale and Missing count category tiles: five per menu/)).toBeInTheDocument()
  })

  it('shows one card per dispensary with location and monitoring pill', async () => {
    renderWithProviders(<DispensaryStatusRoute />)
    const list = await screen.findByRole('list', { name: 'Dispensaries' })
    expect(within(list).getAllByRole('article')).toHaveLength(5)

    const bloom = dispensaryCard('Bloom Akron')
    expect(within(bloom).getByText('737 E. North St., Akron')).toBeInTheDocument()
    expect(within(bloom).getByText('Monitored')).toBeInTheDocument()

    const athens = dispensaryCard('Bloom Athens')
    expect(within(athens).getByText('Not Monitored')).toBeInTheDocument()
    expect(within(athens).getByText('No menus are tracked for this dispensary.')).toBeInTheDocument()
  })

  it('shows a row of five tiles per market', async () => {
    renderWithProviders(<DispensaryStatusRoute />)
    await screen.findByRole('list', { name: 'Dispensaries' })
    // Zen Leaf Dayton has both markets' menus, never read.
    const zen = dispensaryCard('Zen Leaf Dayton')
    expect(within(zen).getByRole('heading', { name: 'Adult use' })).toBeInTheDocument()
    expect(within(zen).getByRole('heading', { name: 'Medical' })).toBeInTheDocument()
    expect(within(within(zen).getByRole('list', { name: 'Medical menu' })).getAllByRole('listitem')).toHaveLength(5)

    const bloom = dispensaryCard('Bloom Akron')
    expect(within(bloom).queryByRole('heading', { name: 'Medical' })).not.toBeInTheDocument()
    const adultUse = within(bloom).getByRole('list', { name: 'Adult use menu' })
    const read = new Date('2026-07-01T10:00:00Z').toLocaleDateString()
    expect(
      within(adultUse)
        .getAllByRole('listitem')
        .map((tile) => tile.textContent),
    ).toEqual([
      `Flower menu, status: ${read} (2 h ago)4 products`,
      `Preroll menu, status: ${read} (2 h ago)0 products`,
      `Vape menu, status: ${read} (2 h ago)1 products`,
      `Extract menu, status: ${read} (2 h ago)1 products`,
      `Edible menu, status: ${read} (2 h ago)2 products`,
    ])
    expect(
      within(adultUse)
        .getAllByRole('img')
        .map((icon) => icon.getAttribute('aria-label')),
    ).toEqual(['current', 'current', 'current', 'current', 'current'])
    const rise = within(dispensaryCard('RISE Toledo')).getByRole('list', { name: 'Adult use menu' })
    expect(
      within(rise)
        .getAllByRole('img')
        .map((icon) => icon.getAttribute('aria-label')),
    ).toEqual(['stale', 'stale', 'stale', 'stale', 'stale'])
  })

  it('hides the product count when it is unknown (-1) but shows a real zero', async () => {
    renderWithProviders(<DispensaryStatusRoute />)
    await screen.findByRole('list', { name: 'Dispensaries' })
    // Zen Leaf Dayton's menus were never read: every count is -1.
    const zen = within(dispensaryCard('Zen Leaf Dayton')).getByRole('list', { name: 'Medical menu' })
    for (const tile of within(zen).getAllByRole('listitem')) {
      expect(within(tile).queryByText(/products/)).not.toBeInTheDocument()
      expect(within(tile).getByText('Never')).toBeInTheDocument()
    }
    const botanist = within(dispensaryCard('The Botanist Canton')).getByRole('list', { name: 'Adult use menu' })
    expect(within(botanist).getAllByText('0 products')).toHaveLength(3)
    expect(within(botanist).getAllByText('1 products')).toHaveLength(2)
  })

  it("counts freshness at the viewer's time, not the snapshot's", async () => {
    // 13.5 h on: Bloom Akron read 15.5 h ago (current), The Botanist Canton 16.5 h (stale), RISE Toledo 33.5 h (stale).
    vi.setSystemTime(new Date(FIXTURE_NOW.getTime() + 13.5 * 3_600_000))
    renderWithProviders(<DispensaryStatusRoute />)
    await screen.findByRole('region', { name: 'Summary' })
    expect(summaryCounts()).toMatchObject({ Current: '5', Stale: '10', Missing: '10' })
  })

  it('re-ages the tiles while the page stays open', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(FIXTURE_NOW)
    renderWithProviders(<DispensaryStatusRoute />)
    await screen.findByRole('region', { name: 'Summary' })
    expect(summaryCounts()).toMatchObject({ Current: '10', Stale: '5', Missing: '10' })
    act(() => {
      vi.advanceTimersByTime(13.5 * 3_600_000)
    })
    expect(summaryCounts()).toMatchObject({ Current: '5', Stale: '10', Missing: '10' })
    const botanist = within(dispensaryCard('The Botanist Canton')).getByRole('list', { name: 'Adult use menu' })
    expect(
      within(botanist)
        .getAllByRole('img')
        .map((icon) => icon.getAttribute('aria-label')),
    ).toEqual(['stale', 'stale', 'stale', 'stale', 'stale'])
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
      expect(screen.getByText('1 of 5 dispensaries match')).toBeInTheDocument()
      await user.clear(box)
      await user.type(box, 'bloom ath')
      await waitFor(() => expect(cardNames()).toEqual(['Bloom Athens']))
      await user.type(box, 'x')
      expect(await screen.findByText('No dispensary matches.')).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Clear the search and filters' }))
      await waitFor(() => expect(cardNames()).toHaveLength(5))
    })

    it('filters by region, market, monitored and freshness', async () => {
      const user = userEvent.setup()
      renderWithProviders(<DispensaryStatusRoute />)
      await screen.findByRole('list', { name: 'Dispensaries' })
      await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'Northeast')
      await waitFor(() => expect(cardNames()).toEqual(['Bloom Akron', 'The Botanist Canton']))
      await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), '')
      await user.selectOptions(screen.getByRole('combobox', { name: 'Market' }), 'medical')
      await waitFor(() => expect(cardNames()).toEqual(['Zen Leaf Dayton']))
      await user.selectOptions(screen.getByRole('combobox', { name: 'Market' }), '')
      await user.selectOptions(screen.getByRole('combobox', { name: 'Monitored' }), 'no')
      await waitFor(() => expect(cardNames()).toEqual(['Bloom Athens']))
      await user.selectOptions(screen.getByRole('combobox', { name: 'Monitored' }), '')
      // Bloom Athens has no menu and Zen Leaf Dayton's were never read: nothing better than missing.
      await user.selectOptions(screen.getByRole('combobox', { name: 'Freshest menu' }), 'missing')
      await waitFor(() => expect(cardNames()).toEqual(['Bloom Athens', 'Zen Leaf Dayton']))
      await user.selectOptions(screen.getByRole('combobox', { name: 'Freshest menu' }), 'stale')
      await waitFor(() => expect(cardNames()).toEqual(['RISE Toledo']))
      await user.selectOptions(screen.getByRole('combobox', { name: 'Freshest menu' }), 'current')
      await waitFor(() => expect(cardNames()).toEqual(['Bloom Akron', 'The Botanist Canton']))
    })

    it('sorts by name or by last update, never-updated last', async () => {
      const user = userEvent.setup()
      renderWithProviders(<DispensaryStatusRoute />)
      await screen.findByRole('list', { name: 'Dispensaries' })
      expect(cardNames()).toEqual(['Bloom Akron', 'Bloom Athens', 'RISE Toledo', 'The Botanist Canton', 'Zen Leaf Dayton'])
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'updated')
      await waitFor(() => expect(cardNames()).toEqual(['Bloom Akron', 'The Botanist Canton', 'RISE Toledo', 'Bloom Athens', 'Zen Leaf Dayton']))
    })

    it('gives each card an anchor and links to its menus', async () => {
      renderWithProviders(<DispensaryStatusRoute />)
      await screen.findByRole('list', { name: 'Dispensaries' })
      const bloom = dispensaryCard('Bloom Akron')
      expect(bloom.closest('li')).toHaveAttribute('id', 'bloom-akron')
      expect(within(bloom).getByRole('link', { name: 'Link to Bloom Akron' })).toHaveAttribute('href', '#bloom-akron')
      expect(within(bloom).getByRole('link', { name: 'Search this menu' })).toHaveAttribute('href', '/dispensary-menus/bloom-akron')
      expect(within(bloom).getByRole('link', { name: 'Adult use menu on the store’s site' })).toHaveAttribute(
        'href',
        'https://www.iheartjane.com/stores/1/bloom-akron/menu',
      )
      // Not monitored: no menu to search.
      const athens = dispensaryCard('Bloom Athens')
      expect(within(athens).queryByRole('link', { name: 'Search this menu' })).not.toBeInTheDocument()
    })

    it('shows coverage by region and platform and the last scrape run', async () => {
      renderWithProviders(<DispensaryStatusRoute />)
      const coverage = await screen.findByRole('region', { name: 'Coverage' })
      expect(within(coverage).getByText('5 dispensaries listed in 4 regions, 4 of them monitored through 2 menu platforms.')).toBeInTheDocument()
      const regions = within(coverage).getByRole('table', { name: 'Dispensaries by region' })
      expect(within(regions).getByRole('row', { name: 'Southeast 1 0' })).toBeInTheDocument()
      const platforms = within(coverage).getByRole('table', { name: 'Dispensaries by menu platform' })
      expect(within(platforms).getByRole('row', { name: 'jane 3' })).toBeInTheDocument()
      expect(
        await within(coverage).findByText(
          /Last scrape run finished .* \(1 h ago\): 2 menus read, 3 failed \(dutchie: 2 blocked; jane: 1 http status\)\./,
        ),
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
