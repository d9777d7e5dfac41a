import { BrowserRouter } from 'react-router-dom'
import { AppProviders } from './providers'
import { AppRoutes } from './router'

/** App is the whole site in the browser: providers around the router; fallback as in AppProviders. */
export function App({ fallback }: { fallback?: Record<string, unknown> }) {
  return (
    <AppProviders fallback={fallback}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  )
}
