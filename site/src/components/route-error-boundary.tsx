import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { getErrorMessage } from '../lib/get-error-message'
import { BlankLayout } from './blank-layout'
import { ErrorScreen } from './error-screen'
import { NotFoundScreen } from './not-found-screen'

/**
 * RouteErrorBoundary is the routes' errorElement: a 404 from the router shows
 * the not-found screen, anything else the generic error screen. Inside the app
 * layout (inLayout) it keeps the header and navigation; at the root, where the
 * layout itself may have failed, it uses the blank layout.
 */
export function RouteErrorBoundary({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError()
  let screen
  if (isRouteErrorResponse(error) && error.status === 404) {
    screen = <NotFoundScreen />
  } else {
    // The screen stays generic for visitors; the console keeps the details for whoever reports it.
    console.error(error)
    const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : getErrorMessage(error)
    screen = <ErrorScreen detail={detail} />
  }
  return inLayout ? screen : <BlankLayout>{screen}</BlankLayout>
}
