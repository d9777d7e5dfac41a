import { render } from '@testing-library/react'
import { useLayoutEffect, type ReactElement, type ReactNode } from 'react'
import { MemoryRouter, useLocation, type Location } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { AppRoutes } from '../app/router'
import { swrOptions } from '../api/swr-options'
import { Toaster } from '../components/toaster'
import { AuthProvider } from '../lib/auth'
import type { AuthClient } from '../lib/auth-client'

/**
 * TestProviders gives each render the app's SWR setup with a fresh, empty
 * cache, and the auth state from authClient (sign-in not configured without one).
 */
export function TestProviders({
  children,
  authClient,
  onSignedOut,
}: {
  children: ReactNode
  authClient?: () => Promise<AuthClient>
  onSignedOut?: () => Promise<void>
}) {
  return (
    <SWRConfig value={{ ...swrOptions, provider: () => new Map(), dedupingInterval: 0 }}>
      <AuthProvider load={authClient ?? null} onSignedOut={onSignedOut}>
        {children}
        <Toaster />
      </AuthProvider>
    </SWRConfig>
  )
}

/** renderWithProviders renders one component inside a router and a fresh SWR cache. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  return render(
    <TestProviders>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </TestProviders>,
  )
}

// Keeps the test's view of where the app is.
function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation()
  useLayoutEffect(() => {
    onLocation(location)
  })
  return null
}

/** renderApp renders the real route table at path, as a visitor opening that URL would see it. */
export function renderApp(
  path: string,
  { authClient, onSignedOut }: { authClient?: () => Promise<AuthClient>; onSignedOut?: () => Promise<void> } = {},
) {
  const seen: { location?: Location } = {}
  const result = render(
    <TestProviders authClient={authClient} onSignedOut={onSignedOut}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe onLocation={(location) => (seen.location = location)} />
      </MemoryRouter>
    </TestProviders>,
  )
  return { ...result, location: () => seen.location }
}
