import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { basketStore } from '../features/offers/lib/basket'
import { lastPointStore } from '../features/offers/lib/last-point'
import { previousSearchStore } from '../features/offers/lib/search-state'
import { wishlistStore } from '../features/offers/lib/wishlist'
import { FIXTURE_NOW } from '../testing/fixture-now'
import { renderApp } from '../testing/render'
import { server } from '../testing/server'
import muulFuel from '../testing/fixtures/shop/products-muul-fuel.json'
import searchStores from '../testing/fixtures/shop/search-stores.json'
import { MUUL_FUEL } from '../testing/wish-items'

// Fixtures: publish's golden product (Muul Fuel) and deals files.
const muul = MUUL_FUEL

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(FIXTURE_NOW)
  window.localStorage.clear()
  wishlistStore.set([])
  basketStore.clear()
})
afterEach(() => vi.useRealTimers())

describe('Product', () => {
  it('lists the stores cheapest first with sale, market and freshness, the strain and the price history', async () => {
    renderApp('/product/klutch-muul-fuel-flower-3-5g')
    expect(await screen.findByRole('heading', { level: 1, name: 'Muul Fuel' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Muul Fuel' })).toHaveAttribute('href', '/strain-genetics/muul-fuel')
    const rows = screen
      .getAllByRole('row')
      .filter((r) => within(r).queryAllByRole('cell').length > 0)
      .slice(0, 4)
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'RISE ToledoToledo',
      'Bloom AkronAkron',
      'The Botanist CantonCanton',
      'The Botanist CantonCanton',
    ])
    expect(within(rows[0]!).getByRole('img', { name: 'stale' })).toBeInTheDocument()
    expect(rows[1]!.querySelector('del')).toHaveTextContent('$45.00')
    // The sale's 30-day low (the regular price was charged before it) and the 90-day low, today's.
    expect(rows[1]).toHaveTextContent('lowest in the 30 days before: $45.00')
    expect(rows[1]).toHaveTextContent('lowest in 90 days: $36.00 (today’s price)')
    expect(within(rows[2]!).getByText('Medical')).toBeInTheDocument()
    // With tax at each store's county rate: Bloom Akron (Summit, 6.75 %) adult use $36 × 1.1675 = 42.03.
    await waitFor(() => expect(within(rows[1]!).getByText('≈ $42.03 with tax')).toBeInTheDocument())
    expect(screen.getByRole('img', { name: /Lowest price paid per day, from \$30\.00 to \$45\.00, 2026-06-24 to 2026-07-01/ })).toBeInTheDocument()
  })

  it('shows no with-tax price at a store whose county is unknown', async () => {
    const stores = { ...searchStores, stores: searchStores.stores.map((s) => (s.slug === 'bloom-akron' ? { ...s, salesTaxPercent: null } : s)) }
    server.use(http.get('*/api/search/stores', () => HttpResponse.json(stores)))
    renderApp('/product/klutch-muul-fuel-flower-3-5g')
    await screen.findByRole('heading', { level: 1, name: 'Muul Fuel' })
    const rows = screen.getAllByRole('row').filter((r) => within(r).queryAllByRole('cell').length > 0)
    const akron = rows.find((r) => within(r).queryByText('Bloom Akron'))!
    const canton = rows.find((r) => within(r).queryByText('The Botanist Canton'))!
    await waitFor(() => expect(within(canton).getByText(/with tax/)).toBeInTheDocument())
    expect(within(akron).queryByText(/with tax/)).toBeNull()
    expect(akron).toHaveTextContent('On sale: $36.00 regular price $45.00')
  })

  it('keeps the place and market of the URL: distances, nearest first, one market, store names linking to their menus', async () => {
    const user = userEvent.setup()
    // Worked by hand (haversine, Earth 3,958.8 mi): Akron 0.01° N and 0.02° E of the point, 1.2 mi; Canton 20.7 mi; Toledo 112.4 mi.
    renderApp('/product/klutch-muul-fuel-flower-3-5g?lat=41.08&lng=-81.52&near=ZIP%2044308&sort=distance')
    expect(await screen.findByRole('heading', { level: 2, name: 'In stock at 4 menus, nearest first' })).toBeInTheDocument()
    const stores = () =>
      within(screen.getByRole('table', { name: /of 4 menus/ }))
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent)
    expect(stores()).toEqual([
      'Bloom AkronAkron, ≈1.2 mi from ZIP 44308',
      'The Botanist CantonCanton, ≈21 mi from ZIP 44308',
      'The Botanist CantonCanton, ≈21 mi from ZIP 44308',
      'RISE ToledoToledo, ≈112 mi from ZIP 44308',
    ])
    expect(screen.getByRole('link', { name: 'Bloom Akron' })).toHaveAttribute('href', '/dispensary-menus/bloom-akron')
    expect(screen.getByText('Distances are straight lines from ZIP 44308.')).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Market' }), 'Medical')
    await waitFor(() => expect(stores()).toEqual(['The Botanist CantonCanton, ≈21 mi from ZIP 44308']))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price paid, cheapest first')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Market' }), 'Medical and adult use')
    await waitFor(() => expect(stores()[0]).toBe('RISE ToledoToledo, ≈112 mi from ZIP 44308'))
  })

  it('keeps the last search remembered in the browser, and names the terpenes', async () => {
    lastPointStore.set({ latitude: 41.65, longitude: -83.54, place: 'Toledo' })
    previousSearchStore.set({ region: '', menuType: 'recreational', productType: 'Flower' })
    renderApp('/product/klutch-muul-fuel-flower-3-5g')
    expect(await screen.findByRole('table', { name: '3 of 4 menus (adult use)' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Market' })).toHaveValue('recreational')
    expect(screen.getByText('RISE Toledo').closest('td')).toHaveTextContent('Toledo, ≈0.0 mi from Toledo')
    expect(await screen.findByRole('link', { name: 'Myrcene' })).toHaveAttribute('href', '/terpenes/myrcene')
    expect(screen.getByRole('link', { name: 'Limonene' })).toHaveAttribute('href', '/terpenes/limonene')
  })

  it('keeps the page of a product no menu lists: since when, its last prices as past, its history', async () => {
    // Publish keeps the page 90 days (publish.KeepProductPage): offers empty, lastOffers each store's last listing.
    const gone = { ...muulFuel, listedNow: false, lastListed: '2026-06-01T10:00:00Z', offers: [], lastOffers: [muulFuel.offers[1]] }
    server.use(http.get('*/api/products/klutch-muul-fuel-flower-3-5g', () => HttpResponse.json(gone)))
    renderApp('/product/klutch-muul-fuel-flower-3-5g')
    expect(await screen.findByRole('heading', { level: 2, name: 'No menu lists it now' })).toBeInTheDocument()
    expect(screen.getByText(/^No menu has listed it since/)).toHaveTextContent(new Date('2026-06-01T10:00:00Z').toLocaleDateString())
    expect(screen.queryByRole('heading', { name: /In stock at/ })).not.toBeInTheDocument()
    expect(screen.getByText('Past prices, as each store’s menu last listed it (not offered now):')).toBeInTheDocument()
    const past = screen.getByRole('table', { name: 'Past prices: what each store last asked, when its menu last listed it' })
    const [row] = within(past).getAllByRole('row').slice(1)
    expect(row).toHaveTextContent('Bloom Akron')
    expect(row!.querySelector('del')).toHaveTextContent('$45.00')
    expect(row).toHaveTextContent('$36.00')
    expect(screen.getByRole('heading', { level: 2, name: 'Price history' })).toBeInTheDocument()
  })

  it('saves the product to the wishlist', async () => {
    const user = userEvent.setup()
    renderApp('/product/klutch-muul-fuel-flower-3-5g')
    await user.click(await screen.findByRole('button', { name: /Save to wishlist/ }))
    expect(screen.getByRole('button', { name: /Saved to wishlist/ })).toHaveAttribute('aria-pressed', 'true')
    expect(wishlistStore.get().map((i) => i.code)).toEqual(['klutch-muul-fuel-flower-3-5g'])
  })

  it('says a product is no longer listed and searches for its name', async () => {
    const user = userEvent.setup()
    const { location } = renderApp('/product/acme-blue-dream-3-5g')
    expect(await screen.findByRole('heading', { name: 'This product is no longer listed' })).toBeInTheDocument()
    expect(screen.getByRole('searchbox')).toHaveValue('acme blue dream')
    await user.click(screen.getByRole('button', { name: 'Search the menus' }))
    await waitFor(() => expect(location()?.pathname).toBe('/dispensary-menus'))
    expect(location()?.search).toBe('?by=region&type=Flower&q=acme+blue+dream')
  })
})

describe('Wishlist', () => {
  it('shows where each product is and what changed since the last visit, then remembers this visit', async () => {
    wishlistStore.set([
      { ...muul, addedAt: '2026-06-20T00:00:00Z', seen: { at: '2026-06-30T00:00:00Z', stores: 2, minPrice: 40 } },
      {
        ...muul,
        code: 'acme-gone-1g',
        name: 'Gone Gummies',
        addedAt: '2026-06-20T00:00:00Z',
        seen: { at: '2026-06-30T00:00:00Z', stores: 2, minPrice: 20 },
      },
    ])
    renderApp('/wishlist')
    expect(await screen.findByText('Cheaper than at your last visit: $40.00 → $35.00.')).toBeInTheDocument()
    expect(screen.getByText('In stock at 4 menus, from $35.00.')).toBeInTheDocument()
    expect(screen.getByText('Gone from every menu since your last visit.')).toBeInTheDocument()
    expect(screen.getByText('No longer listed on any Ohio menu we read.')).toBeInTheDocument()
    await waitFor(() => expect(wishlistStore.get().map((i) => i.seen?.minPrice ?? null)).toEqual([35, null]))
    expect(wishlistStore.get()[0]!.seen).toEqual({ at: FIXTURE_NOW.toISOString(), stores: 4, minPrice: 35 })
  })

  it('says about what each of the cheapest offers costs with tax at its store', async () => {
    wishlistStore.set([{ ...muul, addedAt: '2026-06-20T00:00:00Z', seen: null }])
    renderApp('/wishlist')
    const offers = await screen.findByRole('list', { name: 'Cheapest for Muul Fuel' })
    // Adult use: the 10 % excise plus the county's sales tax. RISE Toledo $35 (Lucas, 7.75 %): 35 × 1.1775 =
    // 41.2125, $41.21; Bloom Akron $36 on sale (Summit, 6.75 %): 36 × 1.1675 = 42.03. Medical, sales tax alone:
    // The Botanist Canton $38 (Stark, 6.5 %): 38 × 1.065 = 40.47.
    await waitFor(() => expect(within(offers).getAllByText(/with tax$/)).toHaveLength(3))
    expect(
      within(offers)
        .getAllByText(/with tax$/)
        .map((e) => e.textContent),
    ).toEqual(['≈ $41.21 with tax', '≈ $42.03 with tax', '≈ $40.47 with tax'])
  })

  it('says how to fill an empty wishlist', async () => {
    renderApp('/dispensary-wishlist')
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument()
  })
})

describe('Deals', () => {
  it('lists deals by discount, filters by type and sorts by unit price', async () => {
    const user = userEvent.setup()
    renderApp('/deals')
    expect(await screen.findByRole('heading', { name: '3 deals' })).toBeInTheDocument()
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('link')[0]!.textContent)
    // By the discount against each sale's 30-day low: Muul Fuel 20 % ($36 against $45 charged
    // before), the two others 0 % (their "regular" $40 was not charged in the 30 days before).
    expect(names()).toEqual(['Muul Fuel', 'Lemon Haze Cart', 'Live Resin Badder'])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Lowest unit price')
    await waitFor(() => expect(names()).toEqual(['Muul Fuel', 'Live Resin Badder', 'Lemon Haze Cart']))
    expect(screen.getByTestId('unit-groups')).toHaveTextContent(/^Lowest unit price, like with like: the 3 priced per gram\./)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Product type' }), 'Vape')
    expect(await screen.findByRole('heading', { name: '1 deals' })).toBeInTheDocument()
    expect(screen.getByText('$60.00/g')).toBeInTheDocument()
    expect(screen.getByText('25% off')).toBeInTheDocument()
  })

  it('sorts by value per 100 mg THC, each row saying its figure, the deal without a THC figure last', async () => {
    const user = userEvent.setup()
    const { location } = renderApp('/deals')
    expect(await screen.findByRole('heading', { name: '3 deals' })).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Best value by THC (price per 100 mg)')
    expect(location()?.search).toBe('?sort=thcValue')
    // Muul Fuel: 3.5 g at 24.1 % = 843.5 mg for $36: $36 / 8.435 = $4.27. Lemon Haze Cart: 0.5 g at
    // 85.2 % = 426 mg for $30: $7.04. Live Resin Badder: no THC figure, last.
    const rows = await waitFor(() => {
      const cells = screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => [within(r).getAllByRole('link')[0]!.textContent, within(r).getAllByRole('cell')[5]!.textContent])
      expect(cells[0]![0]).toBe('Muul Fuel')
      return cells
    })
    expect(rows).toEqual([
      ['Muul Fuel', '$4.27 per 100 mg THC'],
      ['Lemon Haze Cart', '$7.04 per 100 mg THC'],
      ['Live Resin Badder', 'No THC value: no THC figure'],
    ])
    expect(screen.getByRole('columnheader', { name: 'Per 100 mg THC' })).toBeInTheDocument()
    expect(screen.getByTestId('thc-value-note')).toHaveTextContent('1 deal has no usable THC figure and is listed last (no THC figure: 1).')
  })

  it('searches near a ZIP code with the shared place field, keeps the place in the URL and clears it', async () => {
    const user = userEvent.setup()
    const { location } = renderApp('/deals')
    expect(await screen.findByRole('heading', { name: '3 deals' })).toBeInTheDocument()
    // ZIP 44702 is Canton: within 5 miles, The Botanist Canton's deal alone (Bloom Akron is about 20 miles away).
    await user.type(screen.getByRole('combobox', { name: 'Near (ZIP code, city or address)' }), '44702')
    await user.click(screen.getByRole('button', { name: 'Find' }))
    expect(await screen.findByText('Distances from ZIP 44702.')).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Within' }), '5')
    expect(await screen.findByRole('heading', { name: '1 deals' })).toBeInTheDocument()
    expect(Object.fromEntries(new URLSearchParams(location()?.search))).toEqual({ lat: '40.7998', lng: '-81.3767', near: 'ZIP 44702', within: '5' })
    expect(screen.getByRole('combobox', { name: 'Region' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Clear the place' }))
    expect(await screen.findByRole('heading', { name: '3 deals' })).toBeInTheDocument()
    expect(location()?.search).toBe('')
  })

  it('opens an older link near a city of the list', async () => {
    renderApp('/deals?near=Akron&within=10')
    // Bloom Akron's two deals, 1.3 miles from Akron's centre.
    expect(await screen.findByRole('heading', { name: '2 deals' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Near (ZIP code, city or address)' })).toHaveValue('Akron')
  })

  it('says about what each deal costs with tax at its store, beside the menu price', async () => {
    renderApp('/deals')
    expect(await screen.findByRole('heading', { name: '3 deals' })).toBeInTheDocument()
    // Adult-use deals: 10 % excise plus the county's sales tax, on the sale price. Lemon Haze
    // Cart $30 at Bloom Akron (Summit, 6.75 %): 30 × 1.1675 = 35.025, 35.03; Live Resin Badder
    // $30 at The Botanist Canton (Stark, 6.5 %): 30 × 1.165 = 34.95; Muul Fuel $36 at Bloom
    // Akron: 36 × 1.1675 = 42.03.
    const prices = await waitFor(() => {
      const cells = screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[2]!.textContent)
      expect(cells.every((c) => c?.includes('with tax'))).toBe(true)
      return cells
    })
    // Ranked by the discount against the 30-day low (publish/SNAPSHOTS.md, "Lows"): Muul Fuel's
    // regular $45 was charged before its sale, the two $40 "regular" prices never were.
    expect(prices).toEqual([
      'On sale: $36.00 regular price $45.00≈ $42.03 with taxlowest in the 30 days before: $45.00seen by omc for 8 days',
      'On sale: $30.00 regular price $40.00≈ $35.03 with taxregular price not charged in the last 30 daysseen by omc for 1 day',
      'On sale: $30.00 regular price $40.00≈ $34.95 with taxregular price not charged in the last 30 daysseen by omc for 1 day',
    ])
  })

  it('links the deal feed of all Ohio, or of the region searched, visibly and in the head', async () => {
    const { unmount } = renderApp('/deals')
    const all = await screen.findByRole('link', { name: 'deals feed for all Ohio (Atom)' })
    expect(all).toHaveAttribute('href', '/feeds/deals.atom')
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', '/feeds/deals.atom'),
    )
    unmount()
    renderApp('/deals?region=Northeast')
    expect(await screen.findByRole('link', { name: 'deals feed for Northeast Ohio (Atom)' })).toHaveAttribute('href', '/feeds/deals-northeast.atom')
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
        'href',
        '/feeds/deals-northeast.atom',
      ),
    )
  })
})

describe('Limits', () => {
  it('adds items and shows the share of each limit, figures worked by hand', async () => {
    const user = userEvent.setup()
    renderApp('/dispensary-limits')
    await user.type(await screen.findByRole('textbox', { name: 'Amount (g)' }), '28.3')
    await user.type(screen.getByRole('textbox', { name: 'THC % (optional)' }), '20')
    await user.click(screen.getByRole('button', { name: 'Add item' }))
    // 28.3 g of 70.87 g (2.5 oz) = 39.9%; Tier I: 28.3 g / 2.83 g a day = 10 days of 90 (254.70 g) = 11.1%, 22.2% of a 45-day fill.
    const adult = screen.getByRole('table', { name: 'Adult-use limits used' })
    expect(adult).toHaveTextContent('28.30 g of 70.87 g39.9%')
    expect(screen.getByRole('table', { name: 'Medical allowances used' })).toHaveTextContent('Tier I plant material28.30 g of 254.70 g11.1%')
    expect(screen.getByTestId('medical-supply')).toHaveTextContent('11.1%')
    expect(screen.getByText('10 days')).toBeInTheDocument()
    expect(screen.getByText('22.2%')).toBeInTheDocument()
  })

  it('counts a vape by its THC in mg against the adult-use 15,000 mg: 20 g at 70% is within the limit', async () => {
    const user = userEvent.setup()
    renderApp('/dispensary-limits')
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Form' }), 'vape')
    await user.type(screen.getByRole('textbox', { name: 'Amount (g)' }), '20')
    await user.type(screen.getByRole('textbox', { name: 'THC % (optional)' }), '70')
    await user.click(screen.getByRole('button', { name: 'Add item' }))
    const adult = screen.getByRole('table', { name: 'Adult-use limits used' })
    expect(adult).toHaveTextContent('Total THC in all other products, per day14,000 mg of 15,000 mg93.3%')
    expect(adult).not.toHaveTextContent('over the limit')
  })

  it('counts 2.83 g of Tier I as one day of the medical supply', async () => {
    const user = userEvent.setup()
    renderApp('/dispensary-limits')
    await user.type(await screen.findByRole('textbox', { name: 'Amount (g)' }), '2.83')
    await user.type(screen.getByRole('textbox', { name: 'THC % (optional)' }), '18')
    await user.click(screen.getByRole('button', { name: 'Add item' }))
    expect(screen.getByText('1 day')).toBeInTheDocument()
  })

  it('refuses a bad amount with a clear message', async () => {
    const user = userEvent.setup()
    renderApp('/dispensary-limits')
    await user.type(await screen.findByRole('textbox', { name: 'Amount (g)' }), 'lots')
    await user.click(screen.getByRole('button', { name: 'Add item' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Amount: enter a positive number of g, got “lots”.')
  })

  it('adds a wishlist product by its size', async () => {
    const user = userEvent.setup()
    wishlistStore.set([{ ...muul, addedAt: '2026-06-20T00:00:00Z', seen: null }])
    renderApp('/dispensary-limits')
    await user.click(await screen.findByRole('button', { name: 'Add Muul Fuel (1/8oz)' }))
    // 3.5 g at 24.1% THC: Tier II, 3.5 of 150.25 g = 2.3%.
    expect(screen.getByRole('table', { name: 'Medical allowances used' })).toHaveTextContent('Tier II plant material3.50 g of 150.25 g2.3%')
  })

  it('says it is not legal advice and what is uncertain, with sources', async () => {
    renderApp('/dispensary-limits')
    expect(await screen.findByText('Not legal advice.')).toBeInTheDocument()
    expect(await screen.findByText(/the prices the site shows are the menus' prices without tax/)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'What is uncertain' })).toBeInTheDocument()
    expect(
      screen.getByRole('link', { name: 'https://www.verilife.com/oh/disclaimers-legally-purchasing-medical-marijuana-ohio' }),
    ).toBeInTheDocument()
  })
})
