import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { THEME_STORAGE_KEY } from '../lib/theme-settings'
import { describe, expect, it, vi } from 'vitest'
import { RouteErrorBoundary } from '../components/route-error-boundary'
import { GENERIC_ERROR_TEXT } from '../components/error-screen'
import { renderApp } from '../testing/render'
import { pathsOf, ROUTES } from '../config/routes'
import { preloadScreen } from './router'
import { server } from '../testing/server'
import { http, HttpResponse } from 'msw'

// Every path of docs/specification.md §2 this issue builds, with the h1 and title of its screen.
const SCREENS: { paths: string[]; heading: string | RegExp; title: string }[] = [
  { paths: ['/', '/home'], heading: 'Welcome to the Ohio Marijuana Community', title: 'Ohio Marijuana Community' },
  { paths: ['/dispensary-status'], heading: 'Dispensary Status', title: 'Dispensary Status - Ohio Marijuana Community' },
  { paths: ['/company-brands'], heading: 'Company Brands', title: 'Company Brands - Ohio Marijuana Community' },
  { paths: ['/Reservation'], heading: 'Reservation', title: 'Reservation - Ohio Marijuana Community' },
  { paths: ['/march-madness'], heading: 'March Madness 2025', title: 'March Madness 2025 - Ohio Marijuana Community' },
  { paths: ['/other-maps'], heading: 'Other Maps', title: 'Other Maps - Ohio Marijuana Community' },
  { paths: ['/events'], heading: 'Events', title: 'Events - Ohio Marijuana Community' },
  { paths: ['/introduction'], heading: 'Introduction', title: 'Introduction - Ohio Marijuana Community' },
  { paths: ['/discord', '/reddit', '/social'], heading: 'Social', title: 'Social - Ohio Marijuana Community' },
  { paths: ['/growing-tool'], heading: 'Growing Tool', title: 'Growing Tool - Ohio Marijuana Community' },
  { paths: ['/changelog', '/change-log'], heading: 'Change Log', title: 'Change Log - Ohio Marijuana Community' },
  { paths: ['/donate', '/contribute', '/donations'], heading: 'Donations', title: 'Donations - Ohio Marijuana Community' },
  { paths: ['/feedback'], heading: 'Feedback', title: 'Feedback - Ohio Marijuana Community' },
  { paths: ['/resources'], heading: 'Resources', title: 'Resources - Ohio Marijuana Community' },
  { paths: ['/yearly-highlights'], heading: 'Yearly Highlights', title: 'Yearly Highlights - Ohio Marijuana Community' },
  { paths: ['/chat'], heading: 'Chat', title: 'Chat - Ohio Marijuana Community' },
  { paths: ['/dispensary-maps', '/maps'], heading: 'Dispensary Maps', title: 'Dispensary Maps - Ohio Marijuana Community' },
  { paths: ['/trends'], heading: 'Trends', title: 'Trends - Ohio Marijuana Community' },
  { paths: ['/strain-genetics', '/genetics'], heading: 'Strain Genetics', title: 'Strain Genetics - Ohio Marijuana Community' },
  {
    paths: ['/strain-genetics/muul-fuel', '/genetics/muul-fuel'],
    heading: 'Muul Fuel',
    title: 'Muul Fuel - Strain Genetics - Ohio Marijuana Community',
  },
  { paths: ['/terpenes'], heading: 'Terpenes', title: 'Terpenes - Ohio Marijuana Community' },
  { paths: ['/terpenes/limonene'], heading: 'Limonene', title: 'Limonene - Terpenes - Ohio Marijuana Community' },
  { paths: ['/dispensary-menus', '/menu'], heading: 'Dispensary Menus', title: 'Menus - Ohio Marijuana Community' },
  { paths: ['/dispensary-menus/central/flower'], heading: 'Dispensary Menus', title: 'Menus: Flower in Central Ohio - Ohio Marijuana Community' },
  { paths: ['/dispensary-menus/bloom-akron', '/menu/bloom-akron'], heading: 'Bloom Akron', title: 'Bloom Akron - Ohio Marijuana Community' },
  { paths: ['/dispensary-deals', '/deals'], heading: 'Dispensary Deals', title: 'Deals - Ohio Marijuana Community' },
  { paths: ['/dispensary-wishlist', '/wishlist'], heading: 'Wishlist', title: 'Wishlist - Ohio Marijuana Community' },
  { paths: ['/dispensary-limits'], heading: 'Dispensary Limits', title: 'Dispensary Limits - Ohio Marijuana Community' },
  {
    paths: ['/product/klutch-muul-fuel-flower-3-5g'],
    heading: 'Muul Fuel',
    title: 'Muul Fuel - Ohio Marijuana Community',
  },
]

describe('routes', () => {
  it.each(SCREENS.flatMap((s) => s.paths.map((path) => ({ ...s, path }))))(
    '$path shows $heading inside the layout',
    async ({ path, heading, title }) => {
      renderApp(path)
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: /^Theme: Light/ })).toBeInTheDocument()
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
      expect(screen.getByRole('main')).toBeInTheDocument()
      expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Ohio Marijuana Community`)
      await waitFor(() => expect(document.title).toBe(title))
    },
  )

  // Every path of the route list (and so of routes.json, which omc serve answers 200 for) has its screen
  // (a store's page for a store the fixtures have: an unknown store is the not-found screen).
  it.each(
    ROUTES.flatMap(pathsOf).map((path) =>
      path
        .replace(':store', 'bloom-akron')
        .replace(':region', 'central')
        .replace(':type', 'flower')
        .replace(/:[a-z]+/g, 'muul-fuel'),
    ),
  )('%s renders a screen, not the not-found screen', async (path) => {
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('The page you requested was not found!')
  })

  it('links the terpene guide from the footer (the sidebar has no entry for it)', async () => {
    renderApp('/')
    await screen.findByRole('heading', { level: 1, name: /Welcome/ })
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Terpenes' })).toHaveAttribute('href', '/terpenes')
  })

  it('navigates from the homepage to the status page', async () => {
    const user = userEvent.setup()
    const { location } = renderApp('/')
    await screen.findByRole('heading', { level: 1, name: /Welcome/ })
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Status' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Dispensary Status' })).toBeInTheDocument()
    expect(location()?.pathname).toBe('/dispensary-status')
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Status' })).toHaveAttribute('aria-current', 'page')
  })

  it.each([
    '/dispensary-status/extra',
    '/HOME/x',
    '/dispensary-menus/x/y',
    '/dispensary-menus/central/gummies',
    '/dispensary-menus/Central/Flower',
    '/product',
    '/product/a/b',
  ])('%s, under a known screen, shows the not-found screen inside the layout', async (path) => {
    renderApp(path)
    expect(await screen.findByRole('heading', { name: 'The page you requested was not found!' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Page Not Found - Ohio Marijuana Community'))
  })

  it.each(['/no-such-page', '/no-such/deeper/page'])('%s shows the not-found screen without the layout', async (path) => {
    renderApp(path)
    expect(await screen.findByRole('heading', { name: 'The page you requested was not found!' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Page Not Found - Ohio Marijuana Community'))
  })

  it('shows the error screen in the layout for a snapshot of the wrong shape', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(http.get('*/api/content/events', () => HttpResponse.json({ events: 'soon' })))
    renderApp('/events')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(GENERIC_ERROR_TEXT)
    expect(alert).toHaveTextContent('snapshot content/events has an unexpected shape at html: expected string, got undefined')
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })
})

describe('RouteErrorBoundary', () => {
  function Broken(): never {
    throw new Error('kaboom')
  }

  /** renderBroken renders a route whose component throws, inside the route error boundary. */
  const renderBroken = () =>
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Broken />
        </RouteErrorBoundary>
      </MemoryRouter>,
    )

  it('shows the generic error screen with Discord and Home links in the blank layout', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderBroken()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(GENERIC_ERROR_TEXT)
    expect(GENERIC_ERROR_TEXT).toBe(
      'An unhandled error has occurred. Please try again. If issue persists please report the problem on the Discord server.',
    )
    expect(within(alert).getByRole('link', { name: 'Discord server' })).toHaveAttribute('href', '/discord')
    expect(within(alert).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(alert.querySelector('img')).toHaveAttribute('src', '/images/error-light.svg')
    expect(screen.getByRole('main')).toContainElement(alert)
    expect(consoleError).toHaveBeenCalled()
    await waitFor(() => expect(document.title).toBe('Error - Ohio Marijuana Community'))
  })

  it('shows the dark image in the dark theme', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ theme: 'dark' }))
    renderBroken()
    expect((await screen.findByRole('alert')).querySelector('img')).toHaveAttribute('src', '/images/error-dark.svg')
  })
})

describe('preloadScreen', () => {
  it('starts downloading a screen’s snapshots before anything renders, once, trailing slash or not', async () => {
    const requested: string[] = []
    server.events.on('request:start', ({ request }) => {
      requested.push(new URL(request.url).pathname)
    })
    try {
      preloadScreen('/dispensary-status/')
      preloadScreen('/dispensary-status')
      await waitFor(() => expect(requested).toContain('/api/DispensaryStatus'))
      expect(requested.filter((p) => p === '/api/DispensaryStatus')).toHaveLength(1)
    } finally {
      server.events.removeAllListeners('request:start')
    }
  })

  it('starts downloading the snapshot of one page of a ":name" route with its code, not for a name publish cannot write', async () => {
    const requested: string[] = []
    server.events.on('request:start', ({ request }) => {
      requested.push(new URL(request.url).pathname)
    })
    try {
      preloadScreen('/menu/Not_A_Slug')
      preloadScreen('/dispensary-menus/bloom-akron')
      await waitFor(() => expect(requested).toContain('/api/menus/bloom-akron'))
      expect(requested.filter((p) => p.startsWith('/api/menus/'))).toEqual(['/api/menus/bloom-akron'])
    } finally {
      server.events.removeAllListeners('request:start')
    }
  })

  it('does nothing for a path that is not a screen', () => {
    expect(() => preloadScreen('/no-such-page')).not.toThrow()
  })
})
