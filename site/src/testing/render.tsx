import { render } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { routes } from '../app/router'
import { swrOptions } from '../api/swr-options'

/** TestProviders gives each render the app's SWR setup with a fresh, empty cache. */
export function TestProviders({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ ...swrOptions, provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
}

/** renderWithProviders renders one component inside a router and a fresh SWR cache. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] })
  return render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  )
}

/** renderApp renders the real route table at path, as a visitor opening that URL would see it. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const result = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  )
  return { ...result, router }
}
