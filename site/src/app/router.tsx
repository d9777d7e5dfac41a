import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { prefetchSnapshot } from '../api/prefetch'
import { AppLayout } from '../components/layout/app-layout'
import { RouteErrorBoundary } from '../components/route-error-boundary'
import { Spinner } from '../components/spinner'
import { paths } from '../config/paths'

// Shown in the layout while a screen's code is still on its way.
function RouteLoading() {
  return <Spinner label="Loading page" />
}

// Each screen is its own chunk. A lazy() also starts the screen's snapshot
// requests, so data and code download side by side.
const home: RouteObject['lazy'] = async () => {
  prefetchSnapshot('statistics')
  prefetchSnapshot('announcements')
  const { HomeRoute } = await import('../routes/home')
  return { Component: HomeRoute }
}

const dispensaryStatus: RouteObject['lazy'] = async () => {
  prefetchSnapshot('DispensaryStatus')
  const { DispensaryStatusRoute } = await import('../routes/dispensary-status')
  return { Component: DispensaryStatusRoute }
}

const notFound: RouteObject['lazy'] = async () => {
  const { NotFoundRoute } = await import('../routes/not-found')
  return { Component: NotFoundRoute }
}

/**
 * routes is the app's route table. Screens sit inside AppLayout; an error in
 * a screen keeps the layout (inner errorElement), an error in the layout itself
 * falls back to the blank error screen (root errorElement). Unknown paths get
 * the not-found screen without the layout.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        element: <AppLayout />,
        children: [
          {
            errorElement: <RouteErrorBoundary inLayout />,
            children: [
              { index: true, lazy: home, HydrateFallback: RouteLoading },
              { path: paths.homeAlias.path, lazy: home, HydrateFallback: RouteLoading },
              { path: paths.dispensaryStatus.path, lazy: dispensaryStatus, HydrateFallback: RouteLoading },
            ],
          },
        ],
      },
      { path: '*', lazy: notFound, HydrateFallback: RouteLoading },
    ],
  },
]

/** createAppRouter makes the browser router the app runs with. */
export function createAppRouter() {
  return createBrowserRouter(routes)
}
