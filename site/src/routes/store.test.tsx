import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIXTURE_NOW } from '../testing/fixture-now'
import { renderApp } from '../testing/render'

// menus-bloom-akron.json is publish's golden api/menus/bloom-akron: one adult-use menu,
// three flower offers (one sold out), a vape and an edible.

describe('a store’s page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(FIXTURE_NOW)
    window.localStorage.clear()
  })
  afterEach(() => vi.useRealTimers())

  it('shows the store, its menu’s freshness, the way to order and every offer by product type', async () => {
    renderApp('/dispensary-menus/bloom-akron')
    expect(await screen.findByRole('heading', { level: 1, name: 'Bloom Akron' })).toBeInTheDocument()
    expect(screen.getByText('737 E. North St., Akron')).toBeInTheDocument()
    const order = screen.getByRole('link', { name: /Order for pickup on the store’s adult use menu/ })
    expect(order).toHaveAttribute('href', 'https://bloom.example/menu')
    expect(order).toHaveAttribute('target', '_blank')
    expect(order).toHaveAttribute('rel', 'noopener')
    const freshness = screen.getByRole('table', { name: /Adult use menu: each product type’s freshness/ })
    expect(within(freshness).getByRole('rowheader', { name: 'Flower' }).closest('tr')).toHaveTextContent(/Flower3.*current/)
    expect(screen.getByRole('status')).toHaveTextContent('5 of 5 offers.')
    const flower = screen.getByRole('table', { name: 'Flower at Bloom Akron' })
    const rows = within(flower).getAllByRole('row').slice(1)
    // Cheapest first (the default order without a text), the struck regular price beside a sale's.
    // Each with about what it comes to with tax, as every other list says (Summit County's 6.75 % and
    // the 10 % adult-use excise: $12 × 1.1675 = $14.01, $36 × 1.1675 = $42.03).
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual([
      '$12.00≈ $14.01 with tax',
      'On sale: $36.00 regular price $45.00≈ $42.03 with taxlowest in the 30 days before: $45.00seen by omc for 8 days',
      expect.stringMatching(/^\$42\.00≈ \$49\.0[34] with tax$/),
    ])
    expect(rows[0]).toHaveTextContent('out of stock')
    expect(rows[0]).toHaveTextContent('New')
    expect(within(rows[1]!).getByText('$10.29/g')).toBeInTheDocument()
    expect(screen.getByRole('table', { name: 'Edible at Bloom Akron' })).toHaveTextContent('100 mg THC')
    // Sizes as shoppers say them; strain types and terpenes from the menu file, each with its
    // count (counted once the offers are painted).
    expect(within(await screen.findByRole('group', { name: 'Size' })).getByRole('checkbox', { name: '⅛ oz (2)' })).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Strain type' })).getByRole('checkbox', { name: 'Indica (1)' })).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Terpene' })).getByRole('checkbox', { name: /^Myrcene \(1\)$/i })).toBeInTheDocument()
  })

  it('filters with counts, each count the offers its option leaves, all in the URL', async () => {
    const user = userEvent.setup()
    const { location } = renderApp('/dispensary-menus/bloom-akron')
    await screen.findByRole('heading', { level: 1, name: 'Bloom Akron' })
    const klutch = await screen.findByRole('checkbox', { name: /^Klutch \(\d+\)$/ })
    const count = Number(/\((\d+)\)/.exec(klutch.closest('label')!.textContent!)![1])
    await user.click(klutch)
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`${count} of 5 offers.`))
    expect(location()?.search).toBe('?brand=Klutch')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Product type' }), 'Flower')
    await waitFor(() => expect(location()?.search).toBe('?type=Flower&brand=Klutch'))
  })

  it('opens from an old ?store= link', async () => {
    const { location } = renderApp('/dispensary-menus?store=bloom-akron')
    expect(await screen.findByRole('heading', { level: 1, name: 'Bloom Akron' })).toBeInTheDocument()
    expect(location()?.pathname).toBe('/dispensary-menus/bloom-akron')
  })

  it('says an unknown store is not found', async () => {
    renderApp('/menu/no-such-store')
    expect(await screen.findByRole('heading', { name: 'The page you requested was not found!' })).toBeInTheDocument()
  })
})
