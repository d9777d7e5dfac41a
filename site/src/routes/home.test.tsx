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
    expect(items.map((item) => item.textContent)).toEqual([
      'Garlic Cookies7 dispensaries',
      'Motor Breath7 dispensaries',
      'Muul Fuel6 dispensaries',
      'Wedding Cake5 dispensaries',
      'Cold Creek Kush3 dispensaries',
    ])
    expect(within(card).getByRole('list').tagName).toBe('OL')
    expect(screen.queryByRole('status', { name: 'Loading product statistics' })).not.toBeInTheDocument()
  })

  it('shows one top-deals card per region in the order received', async () => {
    renderWithProviders(<HomeRoute />)
    await screen.findByRole('region', { name: 'Northeast Top Deals' })
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
    expect(titles).toEqual(["Ohio's Most Available Strains", 'Northeast Top Deals', 'Central Top Deals', 'Southeast Top Deals'])
  })

  it('shows each deal with store, location, product and cost to 2 decimals', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(FIXTURE_NOW)
    renderWithProviders(<HomeRoute />)
    const northeast = await screen.findByRole('region', { name: 'Northeast Top Deals' })
    const flower = within(northeast).getByRole('region', { name: 'Northeast Flower' })
    const [first] = within(flower).getAllByRole('listitem')
    expect(first).toHaveTextContent("Muul Fuel Belushi's Farm whole buds for $26.60")
    expect(within(first!).getByText('for $26.60')).toBeInTheDocument()
    expect(within(first!).getByText('Bloom Akron')).toBeInTheDocument()
    expect(within(first!).getByText('737 E. North St., Akron')).toBeInTheDocument()
    // Size, unit price and market beside the deal (publish.Deal's fields).
    expect(within(first!).getByText('3.5g')).toBeInTheDocument()
    expect(within(first!).getByText('$7.60/g')).toBeInTheDocument()
    expect(within(first!).getByText('Adult use')).toBeInTheDocument()
    expect(within(first!).getByText('on sale')).toBeInTheDocument()
    // The regular price struck beside the sale price, and how old the menu is.
    expect(first!.querySelector('del')).toHaveTextContent('regular price $35.00')
    expect(within(first!).getByText('menu updated 3 h ago')).toBeInTheDocument()

    const edibles = within(northeast).getByRole('region', { name: 'Northeast Edibles' })
    expect(within(edibles).getByText('for $18.00')).toBeInTheDocument()
    expect(within(northeast).getByRole('region', { name: 'Northeast Vape' })).toHaveTextContent('Cheetah P for $20.25')
    expect(within(northeast).getByRole('region', { name: 'Northeast Extracts' })).toHaveTextContent('Acapulco Gold for $24.85')
  })

  it('says so when a region has no deals in a category', async () => {
    renderWithProviders(<HomeRoute />)
    const central = await screen.findByRole('region', { name: 'Central Top Deals' })
    // vape is an empty list, edible and extract are left out
    for (const section of ['Vape', 'Edibles', 'Extracts']) {
      expect(within(central).getByRole('region', { name: `Central ${section}` })).toHaveTextContent('No current deals')
    }
    expect(within(central).getByRole('region', { name: 'Central Flower' })).not.toHaveTextContent('No current deals')
    const southeast = screen.getByRole('region', { name: 'Southeast Top Deals' })
    expect(within(southeast).getByRole('region', { name: 'Southeast Edibles' })).toHaveTextContent('No current deals')
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
