import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import trends from '../testing/fixtures/shop/trends.json'
import { renderApp } from '../testing/render'
import { server } from '../testing/server'

describe('Trends', () => {
  it('charts median prices by region with the numbers in a table, and says history is short', async () => {
    const user = userEvent.setup()
    renderApp('/trends')
    expect(await screen.findByText(/Only 2 weeks of history so far/)).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Median flower price per gram, adult use' })
    // The table's scroll box is reachable by keyboard and named (axe: scrollable-region-focusable).
    const scroll = screen.getByRole('region', { name: 'Median flower price per gram, adult use as a table, scrolls sideways' })
    expect(scroll).toHaveAttribute('tabindex', '0')
    expect(scroll).toContainElement(table)
    const header = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(header[0]).toBe('Week of')
    expect(header[1]).toBe('Ohio')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['2026-06-22', '2026-06-29'])
    expect(rows[1]).toHaveTextContent(/\$\d+\.\d{2}\/g/)

    await user.selectOptions(screen.getByRole('combobox', { name: 'Product type' }), 'Edible')
    expect(screen.getByRole('table', { name: 'Median edible price per 100 mg THC, adult use' })).toHaveTextContent(/\/100 mg/)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Market' }), 'medical')
    expect(screen.getByText('No medical edible prices with a known dose yet.')).toBeInTheDocument()

    const menus = screen.getByRole('table', { name: 'Menus and dispensaries read each week' })
    expect(within(menus).getAllByRole('row')[2]).toHaveTextContent('2026-06-2954')
    expect(screen.getByRole('table', { name: 'Products new to Ohio each week' })).toHaveTextContent('2026-06-295')
  })

  it('says there is no history yet when there are no weeks', async () => {
    server.use(http.get('*/api/trends', () => HttpResponse.json({ ...trends, weeks: [], prices: [], menus: [], newProducts: [] })))
    renderApp('/trends')
    expect(await screen.findByText('No history yet: trends start with the first week of menus read.')).toBeInTheDocument()
  })
})
