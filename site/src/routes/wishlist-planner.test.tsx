import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addTyped, basketStore, setQuantity, setSettings } from '../features/offers/lib/basket'
import { wishlistStore } from '../features/offers/lib/wishlist'
import { FIXTURE_NOW } from '../testing/fixture-now'
import { renderApp } from '../testing/render'
import { MUUL_FUEL } from '../testing/wish-items'

// publish's golden Muul Fuel (testing/fixtures/shop/products-muul-fuel.json), adult use: Bloom Akron
// $45 on sale at $36 (1.3 mi from Akron's centre), The Botanist Canton $40 (about 20 mi), RISE Toledo
// $35 (about 114 mi); medical: The Botanist Canton $38.
const muul = MUUL_FUEL
// A product publish does not write (404): saved, but nowhere.
const gone = { ...muul, code: 'acme-gone-1g', name: 'Gone Gummies', category: 'Edible' as const, size: '100mg', grams: null, mg: 100 }
const AKRON = { name: 'Akron', latitude: 41.0798, longitude: -81.5219 }

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(FIXTURE_NOW)
  window.localStorage.clear()
  wishlistStore.set([{ ...muul, addedAt: '2026-06-20T00:00:00Z', seen: null }])
  basketStore.clear()
})
afterEach(() => vi.useRealTimers())

describe('the Wishlist basket planner', () => {
  it('plans the cheapest store for the packages set, and follows the market and distance', async () => {
    const user = userEvent.setup()
    setSettings({ place: AKRON, miles: 25 })
    renderApp('/wishlist')
    // A saved product counts once before the shopper types anything: one package at Bloom Akron, $36.
    const packages = await screen.findByRole('spinbutton', { name: 'Packages of Muul Fuel in your basket' })
    expect(packages).toHaveValue(1)
    expect(within(await screen.findByRole('group', { name: 'One store' })).getByRole('link', { name: 'Bloom Akron' })).toBeInTheDocument()
    expect(screen.getByTestId('plan-total')).toHaveTextContent('$36.00')
    // Set to none, it leaves the plan (and stays out after a reload: a line of 0 packages).
    await user.clear(packages)
    await user.type(packages, '0')
    expect(await screen.findByText(/^You have set every saved product to 0 packages/)).toBeInTheDocument()
    await user.clear(packages)
    await user.type(packages, '2')
    // Two packages at Bloom Akron's sale price: 2 × $36 = $72.00 (The Botanist Canton: 2 × $40).
    const single = await screen.findByRole('group', { name: 'One store' })
    expect(within(single).getByRole('link', { name: 'Bloom Akron' })).toBeInTheDocument()
    expect(single).toHaveTextContent('Akron, 1.3 mi')
    expect(screen.getByTestId('plan-total')).toHaveTextContent('$72.00')
    // With tax at Bloom Akron (Summit County, 6.75 %) and the 10 % adult-use excise: 72 × 1.1675 = 84.06.
    expect(await screen.findByTestId('plan-total-with-tax')).toHaveTextContent('≈ $84.06 with tax')
    expect(screen.getByText(/^Totals are the menu prices, without tax\./)).toHaveTextContent(
      "Beside each, “≈ with tax” adds the 10% adult-use excise tax and each store's county sales tax: an estimate",
    )
    // Medical: only The Botanist Canton, $38; sales tax alone (Stark County, 6.5 %): 76 × 1.065 = 80.94.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Market' }), 'medical')
    expect(within(screen.getByRole('group', { name: 'One store' })).getByRole('link', { name: 'The Botanist Canton' })).toBeInTheDocument()
    expect(screen.getByTestId('plan-total')).toHaveTextContent('$76.00')
    expect(screen.getByTestId('plan-total-with-tax')).toHaveTextContent('≈ $80.94 with tax')
    expect(screen.getByText(/^Totals are the menu prices/)).toHaveTextContent("adds each store's county sales tax (medical sales pay no excise tax)")
    // Within 5 miles of Akron, no medical menu has it.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Within' }), '5')
    expect(screen.getByText('No store within 5 miles of Akron has any of them in stock for medical on a recent menu.')).toBeInTheDocument()
    // Kept for the next visit.
    expect(JSON.parse(window.localStorage.getItem('omc-basket')!).settings).toMatchObject({ market: 'medical', miles: 5, place: AKRON })
  })

  it('finds its place with the shared place field: a ZIP code, kept for the next visit', async () => {
    const user = userEvent.setup()
    setQuantity(muul, 1)
    setSettings({ place: AKRON, miles: 5 })
    renderApp('/wishlist')
    // Within 5 miles of Akron: Bloom Akron, $36.
    expect(within(await screen.findByRole('group', { name: 'One store' })).getByRole('link', { name: 'Bloom Akron' })).toBeInTheDocument()
    // ZIP 44702 is Canton's centre: within 5 miles, The Botanist Canton, $40 (no sale).
    const near = screen.getByRole('combobox', { name: 'Near (ZIP code, city or address)' })
    expect(near).toHaveValue('Akron')
    await user.clear(near)
    await user.type(near, '44702{Enter}')
    expect(await screen.findByText('Distances from ZIP 44702.')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'One store' })).getByRole('link', { name: 'The Botanist Canton' })).toBeInTheDocument()
    expect(screen.getByTestId('plan-total')).toHaveTextContent('$40.00')
    expect(JSON.parse(window.localStorage.getItem('omc-basket')!).settings.place).toEqual({
      name: 'ZIP 44702',
      latitude: 40.7998,
      longitude: -81.3767,
    })
    // A ZIP outside Ohio is said plainly, and the plan keeps its place.
    await user.clear(near)
    await user.type(near, '10001{Enter}')
    expect(await screen.findByText(/^ZIP code 10001 is not in Ohio/)).toBeInTheDocument()
    expect(basketStore.get().settings.place.name).toBe('ZIP 44702')
  })

  it('says plainly which product no store near has', async () => {
    wishlistStore.set([
      { ...muul, addedAt: '2026-06-20T00:00:00Z', seen: null },
      { ...gone, addedAt: '2026-06-20T00:00:00Z', seen: null },
    ])
    setSettings({ place: AKRON, miles: 25 })
    setQuantity(muul, 1)
    setQuantity(gone, 1)
    renderApp('/wishlist')
    expect(
      await screen.findByText('No store or pair of stores within 25 miles of Akron has all 2 products. The cheapest way to get 1 of them:'),
    ).toBeInTheDocument()
    expect(screen.getByTestId('plan-total')).toHaveTextContent('$36.00')
    expect(screen.getByRole('note')).toHaveTextContent('Missing: Gone Gummies (no store within 25 miles of Akron has it in stock).')
  })

  it('warns when the basket is over the adult-use daily limit, counted as the calculator counts', async () => {
    // 21 packages of 3.5 g: 73.5 g of plant material against 2.5 oz = 70.87 g: 103.7%.
    setQuantity(muul, 21)
    renderApp('/wishlist')
    expect(await screen.findByRole('alert')).toHaveTextContent("Over Ohio's adult-use daily limits: Plant material, per day: 103.7%.")
    // Such a basket is not one purchase: the plan says how many days it takes.
    expect(screen.getByRole('alert')).toHaveTextContent('this basket cannot be bought in one purchase. Plan it as at least 2 visits on separate days')
    // 20 packages, 70 g, are within it.
    setQuantity(muul, 20)
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })

  it('adds to the calculator\'s basket with "Count it against my limits", which keeps what was there', async () => {
    const user = userEvent.setup()
    addTyped({ form: 'vape', amount: 1, thc: 80, label: 'Vape (oil for vaporization), 1 g at 80% THC' })
    const { location } = renderApp('/wishlist')
    await user.click(await screen.findByRole('link', { name: 'Count it against my limits' }))
    expect(location()?.pathname).toBe('/dispensary-limits')
    const items = await screen.findByRole('list', { name: 'Items' })
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Vape (oil for vaporization), 1 g at 80% THC', '1 × Muul Fuel (1/8oz)'])
    // 1 g at 80%: 800 mg of THC; 3.5 g of plant material.
    const adult = screen.getByRole('table', { name: 'Adult-use limits used' })
    expect(adult).toHaveTextContent('Plant material, per day3.50 g of 70.87 g4.9%')
    expect(adult).toHaveTextContent('800 mg of 15,000 mg5.3%')
  })
})
