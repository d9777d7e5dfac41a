import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../testing/render'
import { server } from '../testing/server'

describe('Terpenes', () => {
  it('describes a terpene with sourced facts and lists the products listing it, strongest first', async () => {
    renderApp('/terpenes/limonene')
    expect(await screen.findByRole('heading', { level: 1, name: 'Limonene' })).toBeInTheDocument()
    expect(await screen.findByText('Citrus: orange and lemon peel.')).toBeInTheDocument()
    const research = screen.getByRole('region', { name: 'What the sources say' })
    const sourceLinks = within(research).getAllByRole('link')
    expect(sourceLinks.length).toBeGreaterThan(0)
    for (const link of sourceLinks) expect(link.getAttribute('href')).toMatch(/^https:\/\//)

    const products = await screen.findByRole('table', { name: 'Products listing Limonene' })
    const rows = within(products).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['Lemon Haze CartSelect', 'Muul FuelKlutch'])
    expect(rows[0]).toHaveTextContent('2.1%')
    expect(rows[1]).toHaveTextContent('listed, no amount')
    expect(within(rows[0]!).getByRole('link', { name: 'Lemon Haze Cart' })).toHaveAttribute('href', '/product/select-lemon-haze-cart-0-5g')
    expect(within(screen.getByRole('navigation', { name: 'Terpenes' })).getByRole('link', { name: 'Myrcene' })).toHaveAttribute(
      'href',
      '/terpenes/myrcene',
    )
  })

  it('describes a terpene no product in stock lists', async () => {
    server.use(http.get('*/api/terpenes/linalool', () => new HttpResponse(null, { status: 404 })))
    renderApp('/terpenes/linalool')
    expect(await screen.findByRole('heading', { level: 1, name: 'Linalool' })).toBeInTheDocument()
    expect(await screen.findByText('No product in stock lists Linalool on its menu right now.')).toBeInTheDocument()
  })

  it('describes a terpene only the guide knows, from the empty page publish writes for it', async () => {
    server.use(
      http.get('*/api/terpenes/linalool', () =>
        HttpResponse.json({ generatedAt: '2026-07-01T12:00:00Z', sample: false, slug: 'linalool', name: 'Linalool', products: [] }),
      ),
    )
    renderApp('/terpenes/linalool')
    expect(await screen.findByRole('heading', { level: 1, name: 'Linalool' })).toBeInTheDocument()
    expect(await screen.findByText('No product in stock lists Linalool on its menu right now.')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'What the sources say' })).toBeInTheDocument()
  })

  it('finds the description of a terpene under another name menus use', async () => {
    server.use(
      http.get('*/api/terpenes/beta-caryophyllene', () =>
        HttpResponse.json({
          generatedAt: '2026-07-01T12:00:00Z',
          sample: true,
          slug: 'beta-caryophyllene',
          name: 'beta-Caryophyllene',
          products: [],
        }),
      ),
    )
    renderApp('/terpenes/beta-caryophyllene')
    expect(await screen.findByText('Peppery, spicy, woody.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Beta-caryophyllene' })).toBeInTheDocument()
  })

  it('says when neither menus nor the guide know the terpene', async () => {
    server.use(http.get('*/api/terpenes/unobtainium', () => new HttpResponse(null, { status: 404 })))
    renderApp('/terpenes/unobtainium')
    expect(await screen.findByRole('heading', { level: 1, name: 'Terpene not found' })).toBeInTheDocument()
  })

  it('indexes every terpene at /terpenes', async () => {
    renderApp('/terpenes')
    const list = await screen.findByRole('navigation', { name: 'Terpenes' })
    expect(within(list).getByRole('link', { name: 'Limonene' })).toHaveAttribute('href', '/terpenes/limonene')
    expect(within(list).getByText(/Limonene/).parentElement).toHaveTextContent('Limonene (2 in stock)')
    expect(within(list).getByRole('link', { name: 'Nerolidol' })).toBeInTheDocument()
  })

  it('links every terpene to its own page and says which a guide entry files it under', async () => {
    // Menus list Beta-Caryophyllene, Caryophyllene Oxide (another compound) and Alpha-Pinene.
    server.use(
      http.get('*/api/terpenes/index', () =>
        HttpResponse.json({
          generatedAt: '2026-07-01T12:00:00Z',
          sample: false,
          terpenes: [
            { slug: 'alpha-pinene', name: 'Alpha-Pinene', products: 4 },
            { slug: 'beta-caryophyllene', name: 'Beta-Caryophyllene', products: 3 },
            { slug: 'caryophyllene-oxide', name: 'Caryophyllene Oxide', products: 1 },
          ],
        }),
      ),
    )
    renderApp('/terpenes')
    const list = await screen.findByRole('navigation', { name: 'Terpenes' })
    await within(list).findByRole('link', { name: 'Caryophyllene Oxide' })
    expect(within(list).getByRole('link', { name: 'Beta-caryophyllene' })).toHaveAttribute('href', '/terpenes/beta-caryophyllene')
    expect(within(list).getByRole('link', { name: 'Caryophyllene Oxide' })).toHaveAttribute('href', '/terpenes/caryophyllene-oxide')
    expect(within(list).getByRole('link', { name: 'Alpha-Pinene' })).toHaveAttribute('href', '/terpenes/alpha-pinene')
    expect(within(list).getByRole('link', { name: 'Alpha-Pinene' }).parentElement).toHaveTextContent(
      'Alpha-Pinene (4 in stock; described under Pinene)',
    )
    // A guide entry whose menus' name is an alias is not listed twice, nor is one compound filed under another.
    expect(within(list).queryByRole('link', { name: 'Pinene' })).not.toBeInTheDocument()
    expect(within(list).getAllByRole('link', { name: /caryophyllene/i })).toHaveLength(2)
    expect(within(list).getByRole('link', { name: 'Caryophyllene Oxide' }).parentElement).toHaveTextContent('Caryophyllene Oxide (1 in stock)')
    expect(within(list).getByRole('link', { name: 'Caryophyllene Oxide' }).parentElement).not.toHaveTextContent('described under')
  })

  it('says on an alias’s page which guide entry describes it', async () => {
    server.use(
      http.get('*/api/terpenes/alpha-pinene', () =>
        HttpResponse.json({ generatedAt: '2026-07-01T12:00:00Z', sample: false, slug: 'alpha-pinene', name: 'Alpha-Pinene', products: [] }),
      ),
    )
    renderApp('/terpenes/alpha-pinene')
    expect(await screen.findByText('Menus list it as Alpha-Pinene; this site describes it under Pinene.')).toBeInTheDocument()
  })
})
