import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { basketStore } from '../features/shop/lib/basket'
import { wishlistStore } from '../features/shop/lib/wishlist'
import { FIXTURE_NOW } from '../testing/fixture-now'
import { renderApp } from '../testing/render'
import { server } from '../testing/server'
import muulFuel from '../testing/fixtures/shop/products-muul-fuel.json'

// Fixtures: publish's golden product (Muul Fuel) and deals files.
const muul = {
  code: 'klutch-muul-fuel-flower-3-5g',
  name: 'Muul Fuel',
  brand: 'Klutch',
  category: 'Flower' as const,
  size: '1/8oz',
  grams: 3.5,
  mg: null,
  thc: 24.1,
}

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
    expect(within(rows[1]!).getByText('$45.00', { exact: false }).tagName).toBe('DEL')
    expect(within(rows[2]!).getByText('Medical')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: /Lowest price paid per day, from \$30\.00 to \$45\.00, 2026-06-24 to 2026-07-01/ })).toBeInTheDocument()
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
    expect(names()).toEqual(['Lemon Haze Cart', 'Live Resin Badder', 'Muul Fuel'])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Lowest unit price')
    await waitFor(() => expect(names()).toEqual(['Muul Fuel', 'Live Resin Badder', 'Lemon Haze Cart']))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Product type' }), 'Vape')
    expect(await screen.findByRole('heading', { name: '1 deals' })).toBeInTheDocument()
    expect(screen.getByText('$60.00/g')).toBeInTheDocument()
    expect(screen.getByText('25% off')).toBeInTheDocument()
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
    expect(screen.getByRole('heading', { name: 'What is uncertain' })).toBeInTheDocument()
    expect(
      screen.getByRole('link', { name: 'https://www.verilife.com/oh/disclaimers-legally-purchasing-medical-marijuana-ohio' }),
    ).toBeInTheDocument()
  })
})
