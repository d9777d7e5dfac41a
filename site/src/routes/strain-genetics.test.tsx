import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIXTURE_NOW } from '../testing/fixture-now'
import muulFuel from '../testing/fixtures/shop/strains-muul-fuel.json'
import { renderApp } from '../testing/render'
import { server } from '../testing/server'

describe('Strain genetics', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(FIXTURE_NOW)
  })
  afterEach(() => vi.useRealTimers())

  const strainNames = () =>
    within(screen.getByRole('table', { name: 'Strains' }))
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent)

  it('lists strains with type, stores now and lineage, and finds them by name, type and stock', async () => {
    const user = userEvent.setup()
    renderApp('/strain-genetics')
    await screen.findByRole('table', { name: 'Strains' })
    expect(strainNames()).toEqual(['Gelato #41', 'Lemon Haze', 'Muul Fuel', 'Sold Out Kush'])
    // Muul Fuel: in stock at 2 stores on current menus, 3 counting RISE Toledo's stale menu.
    expect(screen.getByRole('row', { name: 'Muul Fuel Indica 2 3 1 Known' })).toBeInTheDocument()
    expect(screen.getByRole('row', { name: 'Sold Out Kush Unknown 0 0 0 –' })).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Stores now' })).toBeInTheDocument()
    expect(screen.getByText(/^Stores now: dispensaries with it in stock on a menu read in the last 16 hours/)).toHaveTextContent(
      'Stores listed also counts menus read 16 to 36 hours ago',
    )

    await user.type(screen.getByRole('searchbox', { name: 'Strain name' }), 'fuel')
    await waitFor(() => expect(strainNames()).toEqual(['Muul Fuel']))
    await user.clear(screen.getByRole('searchbox', { name: 'Strain name' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'sativa')
    await waitFor(() => expect(strainNames()).toEqual(['Lemon Haze']))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'unknown')
    await waitFor(() => expect(strainNames()).toEqual(['Sold Out Kush']))
    await user.click(screen.getByRole('checkbox', { name: 'In stock now' }))
    expect(await screen.findByText('0 of 4 strains match')).toBeInTheDocument()
  })

  it('opens a strain from the index: lineage, THC, terpenes and where it is in stock', async () => {
    const user = userEvent.setup()
    const { location } = renderApp('/genetics')
    await user.click(await screen.findByRole('link', { name: 'Muul Fuel' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Muul Fuel' })).toBeInTheDocument()
    expect(location()?.pathname).toBe('/strain-genetics/muul-fuel')

    const facts = screen.getAllByRole('term')[0]!.parentElement as HTMLElement
    expect(within(facts).getByText('Indica')).toBeInTheDocument()
    expect(within(facts).getByText('24.1%')).toBeInTheDocument()
    // A parent with a page links to it; one without is plain text.
    expect(within(facts).getByRole('link', { name: 'Gelato #41' })).toHaveAttribute('href', '/strain-genetics/gelato-41')
    expect(within(facts).getByText('Mule Fuel').tagName).toBe('LI')
    expect(within(facts).getByRole('link', { name: 'Limonene' })).toHaveAttribute('href', '/terpenes/limonene')
    expect(screen.getByText(/Lineage:/)).toHaveTextContent('Lineage: Dispensary menus.')

    const offers = screen.getByRole('table', { name: 'Where Muul Fuel is listed' })
    const rows = within(offers).getAllByRole('row').slice(1)
    expect(rows.length).toBeGreaterThan(0)
    const rise = rows.find((r) => within(r).queryByRole('link', { name: 'RISE Toledo' }))!
    expect(rise).toHaveTextContent('3.5g')
    expect(rise).toHaveTextContent('$35.00')
    expect(rise).toHaveTextContent('$10.00/g')
    expect(rise).toHaveTextContent('Adult use')
    // Freshness is worked out at view time: 20 h old is stale.
    expect(within(rise).getByRole('img', { name: 'stale' })).toBeInTheDocument()
    expect(rise).toHaveTextContent('20 h ago')
  })

  it('shows the sale price paid with the regular price struck', async () => {
    // Publish's golden strain, with its one offer put on sale.
    const offer = { ...muulFuel.offers[0]!, salePrice: 28, unitPrice: 8 }
    server.use(http.get('*/api/strains/muul-fuel', () => HttpResponse.json({ ...muulFuel, offers: [offer] })))
    renderApp('/strain-genetics/muul-fuel')
    const offers = await screen.findByRole('table', { name: 'Where Muul Fuel is listed' })
    const row = within(offers).getAllByRole('row')[1]!
    expect(row.querySelector('del')).toHaveTextContent('regular price $35.00')
    expect(row).toHaveTextContent('$28.00')
    expect(row).toHaveTextContent('$8.00/g')
  })

  it('writes each offer’s THC in its own unit: an edible’s in mg', async () => {
    const edible = { ...muulFuel.offers[0]!, category: 'Edible', thc: 100, potencyUnit: 'mg', unit: '100mg', unitPrice: 25 }
    server.use(http.get('*/api/strains/muul-fuel', () => HttpResponse.json({ ...muulFuel, offers: [muulFuel.offers[0]!, edible] })))
    renderApp('/strain-genetics/muul-fuel')
    const offers = await screen.findByRole('table', { name: 'Where Muul Fuel is listed' })
    const [flower, gummies] = within(offers).getAllByRole('row').slice(1)
    expect(flower).toHaveTextContent('24.1% THC')
    expect(gummies).toHaveTextContent('100 mg THC')
    expect(gummies).not.toHaveTextContent('100%')
    expect(screen.getByText(/^In stock on menus read in the last 36 hours/)).toBeInTheDocument()
  })

  it('says so when no strain has that name', async () => {
    server.use(http.get('*/api/strains/no-such', () => new HttpResponse(null, { status: 404 })))
    renderApp('/strain-genetics/no-such')
    expect(await screen.findByRole('heading', { level: 1, name: 'Strain not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Search all strains' })).toHaveAttribute('href', '/strain-genetics')
  })
})
