import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { offerRow } from '@/testing/offer-row'
import { OfferTable, type OfferRow } from './offer-table'
import { isWebUrl, OrderLink } from './order-link'

const row = (key: string, orderUrl: string | null): OfferRow =>
  offerRow({ key, store: { slug: key, name: `Store ${key}`, city: 'Akron', distance: null, about: false }, orderUrl })

describe('OrderLink', () => {
  it('links to the product on the store menu in a new tab, named for the product and store', () => {
    render(<OrderLink url="https://dutchie.com/dispensary/a/product/muul-fuel" product="Muul Fuel" store="Bloom Akron" />)
    const link = screen.getByRole('link', { name: 'Order Muul Fuel at Bloom Akron (opens in a new tab)' })
    expect(link.textContent).toBe('Order')
    expect(link.getAttribute('href')).toBe('https://dutchie.com/dispensary/a/product/muul-fuel')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener')
  })

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '/product/x', 'ftp://example.com/x', '', null])(
    'makes no link of %j',
    (url) => {
      render(<OrderLink url={url} product="Muul Fuel" store="Bloom Akron" />)
      expect(screen.queryByRole('link')).toBeNull()
      expect(screen.getByText('no link to order Muul Fuel at Bloom Akron')).toBeTruthy()
    },
  )

  it('accepts only absolute http(s) URLs', () => {
    expect(isWebUrl('https://www.iheartjane.com/stores/1/a/products/2/b')).toBe(true)
    expect(isWebUrl('http://shop.example/menu')).toBe(true)
    expect(isWebUrl('JavaScript:alert(1)')).toBe(false)
    expect(isWebUrl('https://')).toBe(false)
  })
})

describe('OfferTable order column', () => {
  it('adds an Order column, last, with a link per row that has one', () => {
    render(
      <MemoryRouter>
        <OfferTable rows={[row('a', 'https://shop.example/a/muul-fuel'), row('b', null)]} columns={['product', 'store', 'price']} nowMs={0} />
      </MemoryRouter>,
    )
    const headings = screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headings).toEqual(['Product', 'Store', 'Price', 'Order'])
    const [, first, second] = screen.getAllByRole('row')
    expect(within(first!).getByRole('link', { name: 'Order Muul Fuel at Store a (opens in a new tab)' }).getAttribute('href')).toBe(
      'https://shop.example/a/muul-fuel',
    )
    expect(within(second!).queryByRole('link', { name: /^Order/ })).toBeNull()
  })

  it('has no Order column when no row can be ordered', () => {
    render(
      <MemoryRouter>
        <OfferTable rows={[row('a', null)]} columns={['product', 'price']} nowMs={0} />
      </MemoryRouter>,
    )
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Product', 'Price'])
  })
})
