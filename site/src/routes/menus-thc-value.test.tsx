import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_DISPLAY, displayStore } from '../features/offers/lib/search-state'
import { FIXTURE_NOW } from '../testing/fixture-now'
import { renderApp } from '../testing/render'
import { server } from '../testing/server'
import northeast from '../testing/fixtures/shop/search-flower-northeast.json'

// The Northeast flower shard publish writes (golden), with one more offer whose menu gives no
// THC figure: Bloom Akron's Mystery Kush, the cheapest eighth, which a value sort must list last.
function withMystery() {
  const shard = structuredClone(northeast)
  const p = shard.products
  const product = p.code.length
  p.code.push('acme-mystery-kush-flower-3-5g')
  p.name.push('Mystery Kush')
  p.brand.push('Acme')
  p.strain.push('Mystery Kush')
  p.strainType.push(null as never)
  p.size.push('3.5g')
  p.grams.push(3.5)
  p.mg.push(null)
  p.terpenes.push([])
  const o = shard.offers
  o.product.push(product)
  o.menu.push(shard.menus.findIndex(([slug, market]) => slug === 'bloom-akron' && market === 'recreational'))
  o.price.push(20)
  o.salePrice.push(null as never)
  o.thc.push(null as never)
  o.potencyUnit.push(null as never)
  o.cbd.push(null as never)
  o.isNew.push(false)
  return shard
}

describe('Menus sorted by value per 100 mg THC', () => {
  beforeEach(() => {
    server.use(http.get('*/api/search/flower/northeast', () => HttpResponse.json(withMystery())))
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(FIXTURE_NOW)
    // One list of rows, not grouped by store.
    displayStore.set(DEFAULT_DISPLAY)
  })
  afterEach(() => vi.useRealTimers())

  const rows = () =>
    screen
      .getAllByRole('row')
      .filter((r) => within(r).queryAllByRole('cell').length > 0)
      .map((r) => [within(r).getAllByRole('link')[0]!.textContent, within(r).getAllByRole('cell')[4]!.textContent])

  it('lists the best value first, each row saying its price per 100 mg THC, the offer without THC last and why', async () => {
    const user = userEvent.setup()
    const { location } = renderApp('/dispensary-menus?by=region&region=Northeast&type=Flower')
    await screen.findByText(/5 offers at 2 stores/)
    // By price (the default), no column of value.
    expect(screen.queryByRole('columnheader', { name: 'Per 100 mg THC' })).toBeNull()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Value by THC (price per 100 mg)')
    await waitFor(() => expect(location()?.search).toBe('?sort=thcValue'))
    expect(location()?.pathname).toBe('/dispensary-menus/northeast/flower')
    expect(await screen.findByRole('columnheader', { name: 'Per 100 mg THC' })).toBeInTheDocument()
    // Muul Fuel, 3.5 g at 24.1 % = 843.5 mg: $36 / 8.435 = $4.27, $38: $4.51, $40: $4.74. Gelato 41,
    // 3.5 g at 19.5 % = 682.5 mg: $42 / 6.825 = $6.15. Mystery Kush ($20) has no THC figure: last.
    await waitFor(() =>
      expect(rows()).toEqual([
        ['Muul Fuel', '$4.27 per 100 mg THC'],
        ['Muul Fuel', '$4.51 per 100 mg THC'],
        ['Muul Fuel', '$4.74 per 100 mg THC'],
        ['Gelato 41', '$6.15 per 100 mg THC'],
        ['Mystery Kush', 'No THC value: no THC figure'],
      ]),
    )
    expect(screen.getByTestId('thc-value-note')).toHaveTextContent('1 offer has no usable THC figure and is listed last (no THC figure: 1).')
    // The other way round, the offer without a figure stays last.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'desc')
    await waitFor(() =>
      expect(rows().map(([, value]) => value)).toEqual([
        '$6.15 per 100 mg THC',
        '$4.74 per 100 mg THC',
        '$4.51 per 100 mg THC',
        '$4.27 per 100 mg THC',
        'No THC value: no THC figure',
      ]),
    )
  })

  it('opens a link sorted by value as it was shared', async () => {
    renderApp('/dispensary-menus?by=region&region=Northeast&type=Flower&sort=thcValue')
    await waitFor(() => expect(rows()[0]).toEqual(['Muul Fuel', '$4.27 per 100 mg THC']))
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('thcValue')
  })
})
