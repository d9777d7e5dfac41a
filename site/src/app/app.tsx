import { BrowserRouter } from 'react-router-dom'
import { ROUTER_BASENAME } from '../config/site-base'
import { AppProviders } from './providers'
import { AppRoutes } from './router'

/** App is the whole site in the browser: providers around the router (under the site's base path); fallback as in AppProviders. */
export function App({ fallback }: { fallback?: Record<string, unknown> }) {
  return (
    <AppProviders fallback={fallback}>
      <BrowserRouter basename={ROUTER_BASENAME}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  )
}
