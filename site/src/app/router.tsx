import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { prefetchSnapshot } from '../api/prefetch'
import type { SnapshotName } from '../api/schemas'
import { AppLayout } from '../components/layout/app-layout'
import { RootFrame } from '../components/layout/root-frame'
import { RouteErrorBoundary } from '../components/route-error-boundary'
import { Spinner } from '../components/spinner'
import { paths } from '../config/paths'

// Shown in the layout while a screen's code is still on its way.
function RouteLoading() {
  return <Spinner label="Loading page" />
}

type Screen = { Component: React.ComponentType }

/**
 * screen makes a route's lazy(): the screen is its own chunk, and loading it
 * also starts the screen's snapshot requests, so data and code download side
 * by side. (Prefetching needs a window: not while pre-rendering.)
 */
function screen(load: () => Promise<Screen>, snapshots: readonly SnapshotName[] = []): RouteObject['lazy'] {
  return async () => {
    if (typeof window !== 'undefined') snapshots.forEach(prefetchSnapshot)
    return load()
  }
}

const home = screen(async () => ({ Component: (await import('../routes/home')).HomeRoute }), ['statistics', 'announcements'])

/**
 * SCREENS lists every screen with its paths (SPEC.md §2). Screens of later
 * issues (menus, deals, maps, wishlist, limits, trends, product, genetics,
 * terpenes, accounts) have no entry yet: their paths show the not-found screen.
 */
export const SCREENS: readonly { paths: readonly string[]; lazy: RouteObject['lazy'] }[] = [
  { paths: [paths.home.path, ...paths.home.aliases], lazy: home },
  {
    paths: [paths.dispensaryStatus.path],
    lazy: screen(async () => ({ Component: (await import('../routes/dispensary-status')).DispensaryStatusRoute }), [
      'DispensaryStatus',
    ]),
  },
  {
    paths: [paths.companyBrands.path],
    lazy: screen(async () => ({ Component: (await import('../routes/company-brands')).CompanyBrandsRoute }), ['brands']),
  },
  {
    paths: [paths.reservation.path],
    lazy: screen(async () => ({ Component: (await import('../routes/reservation')).ReservationRoute }), [
      'content/reservation',
    ]),
  },
  {
    paths: [paths.marchMadness.path],
    lazy: screen(async () => ({ Component: (await import('../routes/march-madness')).MarchMadnessRoute }), [
      'content/march-madness-2025',
    ]),
  },
  {
    paths: [paths.otherMaps.path],
    lazy: screen(async () => ({ Component: (await import('../routes/other-maps')).OtherMapsRoute }), ['content/other-maps']),
  },
  {
    paths: [paths.events.path],
    lazy: screen(async () => ({ Component: (await import('../routes/events')).EventsRoute }), ['content/events']),
  },
  {
    paths: [paths.introduction.path],
    lazy: screen(async () => ({ Component: (await import('../routes/introduction')).IntroductionRoute }), [
      'content/introduction',
    ]),
  },
  {
    paths: [paths.social.path, ...paths.social.aliases],
    lazy: screen(async () => ({ Component: (await import('../routes/social')).SocialRoute }), ['content/social']),
  },
  {
    paths: [paths.growingTool.path],
    lazy: screen(async () => ({ Component: (await import('../routes/growing-tool')).GrowingToolRoute })),
  },
  {
    paths: [paths.changelog.path, ...paths.changelog.aliases],
    lazy: screen(async () => ({ Component: (await import('../routes/changelog')).ChangelogRoute }), ['content/changelog']),
  },
  {
    paths: [paths.donations.path, ...paths.donations.aliases],
    lazy: screen(async () => ({ Component: (await import('../routes/donations')).DonationsRoute }), ['content/donations']),
  },
  {
    paths: [paths.feedback.path],
    lazy: screen(async () => ({ Component: (await import('../routes/feedback')).FeedbackRoute }), ['content/feedback']),
  },
  {
    paths: [paths.resources.path],
    lazy: screen(async () => ({ Component: (await import('../routes/resources')).ResourcesRoute }), ['content/resources']),
  },
  {
    paths: [paths.yearlyHighlights.path],
    lazy: screen(async () => ({ Component: (await import('../routes/yearly-highlights')).YearlyHighlightsRoute }), [
      'highlights',
    ]),
  },
  {
    paths: [paths.chat.path],
    lazy: screen(async () => ({ Component: (await import('../routes/chat')).ChatRoute }), ['content/chat']),
  },
]

const notFound = screen(async () => ({ Component: (await import('../routes/not-found')).NotFoundRoute }))

/**
 * routes is the app's route table. RootFrame scrolls to the top and counts a
 * page view on every navigation. Screens sit inside AppLayout; an error in a
 * screen keeps the layout (inner errorElement), an error in the layout itself
 * falls back to the blank error screen (root errorElement). Unknown paths get
 * the not-found screen without the layout.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootFrame />,
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        element: <AppLayout />,
        children: [
          {
            errorElement: <RouteErrorBoundary inLayout />,
            children: SCREENS.flatMap((s) =>
              s.paths.map((path): RouteObject => ({ path, lazy: s.lazy, HydrateFallback: RouteLoading })),
            ),
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
