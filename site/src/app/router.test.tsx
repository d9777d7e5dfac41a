import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { RouteErrorBoundary } from '../components/route-error-boundary'
import { GENERIC_ERROR_TEXT } from '../components/error-screen'
import { renderApp, TestProviders } from '../testing/render'

describe('routes', () => {
  it.each(['/', '/home'])('%s is the homepage inside the layout', async (path) => {
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to the Ohio Marijuana Community' })).toBeInTheDocument()
    const banner = screen.getByRole('banner')
    expect(within(banner).getByRole('link', { name: 'Ohio Marijuana Community' })).toHaveAttribute('href', '/')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(within(nav).getByRole('link', { name: 'Status' })).toHaveAttribute('href', '/dispensary-status')
    expect(screen.getByRole('main')).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Ohio Marijuana Community`)
    await waitFor(() => expect(document.title).toBe('Ohio Marijuana Community'))
  })

  it('navigates from the homepage to the status page', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/')
    await screen.findByRole('heading', { level: 1, name: /Welcome/ })
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Status' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Dispensary Status' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dispensary-status')
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Status' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  it.each(['/no-such-page', '/dispensary-status/extra', '/HOME/x'])('%s shows the not-found screen without the layout', async (path) => {
    renderApp(path)
    expect(await screen.findByRole('heading', { name: 'The page you requested was not found!' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Page Not Found | Ohio Marijuana Community'))
  })
})

describe('RouteErrorBoundary', () => {
  function Broken(): never {
    throw new Error('kaboom')
  }

  it('shows the generic error screen with Discord and Home links', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorBoundary /> }])
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(GENERIC_ERROR_TEXT)
    expect(GENERIC_ERROR_TEXT).toBe(
      'An unhandled error has occurred. Please try again. If issue persists please report the problem on the Discord server.',
    )
    expect(within(alert).getByRole('link', { name: 'Discord server' })).toHaveAttribute('href', '/discord')
    expect(within(alert).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(consoleError).toHaveBeenCalled()
    await waitFor(() => expect(document.title).toBe('Error | Ohio Marijuana Community'))
  })

  it('shows the not-found screen for a 404 route error', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new Response('gone', { status: 404, statusText: 'Not Found' })
        },
        element: <p>never shown</p>,
        HydrateFallback: () => <p>loading</p>,
        errorElement: <RouteErrorBoundary />,
      },
    ])
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    )
    expect(await screen.findByRole('heading', { name: 'The page you requested was not found!' })).toBeInTheDocument()
  })
})
