import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FIXTURE_NOW } from '../testing/fixture-now'
import { renderWithProviders } from '../testing/render'
import { server } from '../testing/server'
import HomeRoute from './home'

describe('HomeRoute', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is titled with the site name alone', async () => {
    renderWithProviders(<HomeRoute />)
    await waitFor(() => expect(document.title).toBe('Ohio Marijuana Community'))
  })

  it('tells visitors to check the dispensary and links to feedback', () => {
    renderWithProviders(<HomeRoute />)
    expect(screen.getByText(/Always check the dispensary's own site for the most accurate information/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Send us feedback' })).toHaveAttribute('href', '/feedback')
    // No shop configured in this build: no link to one.
    expect(screen.queryByRole('link', { name: /merchandise/ })).not.toBeInTheDocument()
  })

  it('tells small screens to use the menu icon', () => {
    renderWithProviders(<HomeRoute />)
    expect(screen.getByText('On a small screen, use the menu icon at the top left to reach every page of the site.')).toBeInTheDocument()
  })

  it('shows a titled spinner while statistics load', async () => {
    server.use(
      http.get('*/api/statistics', async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    renderWithProviders(<HomeRoute />)
    const spinner = screen.getByRole('status', { name: 'Loading product statistics' })
    expect(spinner).toHaveAttribute('title', 'Loading product statistics')
  })

  it('lists the most available strains in order with their counts', async () => {
    renderWithProviders(<HomeRoute />)
    const card = await screen.findByRole('region', { name: "Ohio's Most Available Strains" })
    const items = within(within(card).getByRole('list')).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(['Muul Fuel2 dispensaries', 'Gelato 411 dispensaries'])
    expect(within(card).getByRole('list').tagName).toBe('OL')
    // Each strain opens its page; the count says what it counts (the strain index's "stores").
    expect(within(card).getByRole('link', { name: 'Muul Fuel' })).toHaveAttribute('href', '/strain-genetics/muul-fuel')
    expect(within(card).getByText('Dispensaries with it in stock on a menu read in the last 16 hours.')).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading product statistics' })).not.toBeInTheDocument()
  })

  it('shows one top-deals card per region in the order received', async () => {
    renderWithProviders(<HomeRoute />)
    await screen.findByRole('region', { name: 'Northeast Top Deals' })
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
    expect(titles).toEqual([
      "Ohio's Most Available Strains",
      'Northeast Top Deals',
      'Northwest Top Deals',
      'Central Top Deals',
      'Southwest Top Deals',
      'Southeast Top Deals',
    ])
  })

  it('shows each deal with store, location, product and cost to 2 decimals', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(FIXTURE_NOW)
    renderWithProviders(<HomeRoute />)
    const northeast = await screen.findByRole('region', { name: 'Northeast Top Deals' })
    const flower = within(northeast).getByRole('region', { name: 'Northeast Flower' })
    const [first] = within(flower).getAllByRole('listitem')
    expect(first).toHaveTextContent('Muul Fuel for $26.60')
    expect(within(first!).getByText('for $26.60')).toBeInTheDocument()
    expect(within(first!).getByText('Bloom Akron')).toBeInTheDocument()
    expect(within(first!).getByText('737 E. North St., Akron')).toBeInTheDocument()
    // Brand, size, unit price and market beside the deal (publish.Deal's fields).
    expect(within(first!).getByText('Klutch')).toBeInTheDocument()
    expect(within(first!).getByText('2.83g')).toBeInTheDocument()
    expect(within(first!).getByText('$9.40/g')).toBeInTheDocument()
    expect(within(first!).getByText('Adult use')).toBeInTheDocument()
    expect(within(first!).getByText('on sale')).toBeInTheDocument()
    // The regular price struck beside the sale price, and how old the menu is.
    expect(first!.querySelector('del')).toHaveTextContent('regular price $38.00')
    expect(within(first!).getByText('menu updated 2 h ago')).toBeInTheDocument()
    // A deal not on sale strikes nothing; an unknown brand ("") shows nothing.
    const second = within(flower).getAllByRole('listitem')[1]!
    expect(second.querySelector('del')).toBeNull()
    expect(within(second).queryByText('on sale')).not.toBeInTheDocument()

    const edibles = within(northeast).getByRole('region', { name: 'Northeast Edibles' })
    expect(edibles).toHaveTextContent('Camino Gummies for $25.00')
    expect(within(edibles).getByText('$25.00/100 mg THC')).toBeInTheDocument()
    expect(within(northeast).getByRole('region', { name: 'Northeast Vape' })).toHaveTextContent('Acapulco Gold Cart for $24.85')
    expect(within(northeast).getByRole('region', { name: 'Northeast Extracts' })).toHaveTextContent('Live Resin Badder for $40.00')
  })

  it('says so when a region has no deals in a category', async () => {
    renderWithProviders(<HomeRoute />)
    // publish leaves out a category with no deals; a region without any lists none.
    const northwest = await screen.findByRole('region', { name: 'Northwest Top Deals' })
    for (const section of ['Flower', 'Vape', 'Edibles', 'Extracts']) {
      expect(within(northwest).getByRole('region', { name: `Northwest ${section}` })).toHaveTextContent('No current deals')
    }
    const northeast = screen.getByRole('region', { name: 'Northeast Top Deals' })
    for (const section of ['Flower', 'Vape', 'Edibles', 'Extracts']) {
      expect(within(northeast).getByRole('region', { name: `Northeast ${section}` })).not.toHaveTextContent('No current deals')
    }
  })

  it('shows announcements as banners that can be dismissed one by one', async () => {
    const user = userEvent.setup()
    renderWithProviders(<HomeRoute />)
    const banners = await screen.findByRole('list', { name: 'Announcements' })
    expect(within(banners).getAllByRole('listitem')).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: /^Dismiss announcement: Adult-use purchase limits changed/ }))
    expect(screen.queryByText(/Adult-use purchase limits changed/)).not.toBeInTheDocument()
    expect(screen.getByText('Menus from Dutchie stores refresh every 2 hours.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: /^Dismiss announcement: Menus from Dutchie/ }))
    expect(screen.queryByRole('list', { name: 'Announcements' })).not.toBeInTheDocument()
  })

  it('reports a statistics failure and can try again', async () => {
    let calls = 0
    server.use(
      http.get('*/api/statistics', () => {
        calls++
        return calls === 1 ? new HttpResponse(null, { status: 404, statusText: 'Not Found' }) : undefined
      }),
    )
    const user = userEvent.setup()
    renderWithProviders(<HomeRoute />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Product statistics could not be loaded: GET /api/statistics failed: HTTP 404 Not Found',
    )
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('region', { name: "Ohio's Most Available Strains" })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('goes without announcements when they fail to load', async () => {
    server.use(http.get('*/api/announcements', () => new HttpResponse(null, { status: 404 })))
    renderWithProviders(<HomeRoute />)
    await screen.findByRole('region', { name: "Ohio's Most Available Strains" })
    expect(screen.queryByRole('list', { name: 'Announcements' })).not.toBeInTheDocument()
  })
})
