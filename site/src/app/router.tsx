import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { Route, Routes } from 'react-router-dom'
import { prefetchSnapshot } from '../api/prefetch'
import type { SnapshotName } from '../api/schemas'
import { AppLayout } from '../components/layout/app-layout'
import { RootFrame } from '../components/layout/root-frame'
import { RouteErrorBoundary } from '../components/route-error-boundary'
import { paths } from '../config/paths'
import { NotFoundScreen } from '../components/not-found-screen'
import { NotFoundRoute } from '../routes/not-found'

type Screen = { Component: ComponentType }

/**
 * screen makes a lazily loaded screen: its own chunk, and loading it also
 * starts the screen's snapshot requests, so data and code download side by
 * side. (Prefetching needs a window: not while pre-rendering.)
 */
function screen(
  load: () => Promise<Screen>,
  data: readonly SnapshotName[] = [],
  forUrl: (url: URL) => readonly SnapshotName[] = () => [],
): { Screen: LazyExoticComponent<ComponentType>; data: readonly SnapshotName[]; preload: () => Promise<Screen> } {
  let loading: Promise<Screen> | undefined
  // One download however often it is asked for (preloadScreen, then React);
  // a failed one may be tried again.
  const preload = () => {
    if (typeof window !== 'undefined') [...data, ...forUrl(new URL(window.location.href))].forEach(prefetchSnapshot)
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
  const Screen = lazy(async () => ({ default: (await preload()).Component }))
  return { Screen, data, preload }
}

/**
 * menusData names the search files a Menus URL will need before its stores are in:
 * the default search's first page (api/search/flower/first) for a visit with no
 * search, the one shard of a one-region search. (Names are checked loosely: the
 * screen's shapes are not loaded yet, and a wrong guess is one unused request.)
 */
function menusData(url: URL): SnapshotName[] {
  const params = url.searchParams
  if ([...params.keys()].length === 0) return ['search/flower/first']
  const region = params.get('region') ?? ''
  const type = params.get('type') ?? 'Flower'
  if (params.get('by') === 'distance' || !/^[A-Za-z]+$/.test(region) || !/^[A-Za-z]+$/.test(type)) return []
  return [`search/${type.toLowerCase()}/${region.toLowerCase()}` as SnapshotName]
}

const home = screen(async () => ({ Component: (await import('../routes/home')).HomeRoute }), ['statistics', 'announcements'])

// One module each for the index and the pages of one strain or terpene; the
// index screens also start loading their list.
const loadStrainGenetics = async () => ({ Component: (await import('../routes/strain-genetics')).StrainGeneticsRoute })
const loadTerpenes = async () => ({ Component: (await import('../routes/terpenes')).TerpenesRoute })
const strainGenetics = screen(loadStrainGenetics, ['strains/index'])
const terpenes = screen(loadTerpenes, ['content/terpenes', 'terpenes/index'])
const strainPage = screen(loadStrainGenetics)
const terpenePage = screen(loadTerpenes, ['content/terpenes'])

/**
 * SCREENS lists every screen with its paths (SPEC.md §2), but for the pages of
 * one thing named in the path (DETAIL_SCREENS, PARAM_SCREENS) and the account
 * screens (ACCOUNT_SCREENS), which are not pre-rendered.
 */
export const SCREENS: readonly {
  paths: readonly string[]
  Screen: LazyExoticComponent<ComponentType>
  /** data names the snapshots the screen shows. */
  data: readonly SnapshotName[]
  /** preload starts downloading the screen's code and snapshots (see preloadScreen). */
  preload: () => Promise<Screen>
}[] = [
  { paths: [paths.home.path, ...paths.home.aliases], ...home },
  {
    paths: [paths.dispensaryStatus.path],
    ...screen(async () => ({ Component: (await import('../routes/dispensary-status')).DispensaryStatusRoute }), ['DispensaryStatus']),
  },
  {
    paths: [paths.companyBrands.path],
    ...screen(async () => ({ Component: (await import('../routes/company-brands')).CompanyBrandsRoute }), ['brands']),
  },
  {
    paths: [paths.reservation.path],
    ...screen(async () => ({ Component: (await import('../routes/reservation')).ReservationRoute }), ['content/reservation']),
  },
  {
    paths: [paths.marchMadness.path],
    ...screen(async () => ({ Component: (await import('../routes/march-madness')).MarchMadnessRoute }), ['content/march-madness-2025']),
  },
  {
    paths: [paths.otherMaps.path],
    ...screen(async () => ({ Component: (await import('../routes/other-maps')).OtherMapsRoute }), ['content/other-maps']),
  },
  {
    paths: [paths.events.path],
    ...screen(async () => ({ Component: (await import('../routes/events')).EventsRoute }), ['content/events']),
  },
  {
    paths: [paths.introduction.path],
    ...screen(async () => ({ Component: (await import('../routes/introduction')).IntroductionRoute }), ['content/introduction']),
  },
  {
    paths: [paths.social.path, ...paths.social.aliases],
    ...screen(async () => ({ Component: (await import('../routes/social')).SocialRoute }), ['content/social']),
  },
  {
    paths: [paths.growingTool.path],
    ...screen(async () => ({ Component: (await import('../routes/growing-tool')).GrowingToolRoute })),
  },
  {
    paths: [paths.changelog.path, ...paths.changelog.aliases],
    ...screen(async () => ({ Component: (await import('../routes/changelog')).ChangelogRoute }), ['content/changelog']),
  },
  {
    paths: [paths.donations.path, ...paths.donations.aliases],
    ...screen(async () => ({ Component: (await import('../routes/donations')).DonationsRoute }), ['content/donations']),
  },
  {
    paths: [paths.feedback.path],
    ...screen(async () => ({ Component: (await import('../routes/feedback')).FeedbackRoute }), ['content/feedback']),
  },
  {
    paths: [paths.resources.path],
    ...screen(async () => ({ Component: (await import('../routes/resources')).ResourcesRoute }), ['content/resources']),
  },
  {
    paths: [paths.yearlyHighlights.path],
    ...screen(async () => ({ Component: (await import('../routes/yearly-highlights')).YearlyHighlightsRoute }), ['highlights']),
  },
  {
    paths: [paths.maps.path, ...paths.maps.aliases],
    ...screen(async () => ({ Component: (await import('../routes/dispensary-maps')).DispensaryMapsRoute }), ['DispensaryStatus']),
  },
  {
    paths: [paths.trends.path],
    ...screen(async () => ({ Component: (await import('../routes/trends')).TrendsRoute }), ['trends']),
  },
  { paths: [paths.strainGenetics.path, ...paths.strainGenetics.aliases], ...strainGenetics },
  { paths: [paths.terpenes.path], ...terpenes },
  {
    paths: [paths.menus.path, ...paths.menus.aliases],
    ...screen(async () => ({ Component: (await import('../routes/menus')).MenusRoute }), ['search/stores'], menusData),
  },
  {
    paths: [paths.deals.path, ...paths.deals.aliases],
    ...screen(async () => ({ Component: (await import('../routes/deals')).DealsRoute }), ['deals/index']),
  },
  {
    paths: [paths.wishlist.path, ...paths.wishlist.aliases],
    ...screen(async () => ({ Component: (await import('../routes/wishlist')).WishlistRoute })),
  },
  { paths: [paths.limits.path], ...screen(async () => ({ Component: (await import('../routes/limits')).LimitsRoute })) },
  {
    paths: [paths.chat.path],
    ...screen(async () => ({ Component: (await import('../routes/chat')).ChatRoute }), ['content/chat']),
  },
]

/**
 * preloadScreen starts loading the code and snapshots of the screen at
 * pathname, if it is one of SCREENS. main.tsx calls it before hydrating: React
 * hydrates the layout first and reaches the screen's lazy component only in a
 * later pass, so without this the screen's code and data would start
 * downloading only after the layout has hydrated (about 200 ms later on the
 * status page at 4× CPU slowdown).
 */
export function preloadScreen(pathname: string): void {
  const normalize = (path: string) => path.replace(/\/+$/, '') || '/'
  const path = normalize(pathname)
  // A failed download is React's to report when it renders the screen.
  SCREENS.find((s) => s.paths.some((p) => normalize(p) === path))
    ?.preload()
    .catch(() => undefined)
}

/**
 * DETAIL_SCREENS are pages of one thing named in the path (a strain, a
 * terpene): routed like the others, but not pre-rendered (there is one per
 * name, known only from the snapshots).
 */
export const DETAIL_SCREENS: readonly { path: string; Screen: LazyExoticComponent<ComponentType> }[] = [
  ...[paths.strain.path, ...paths.strain.aliases].map((path) => ({ path, Screen: strainPage.Screen })),
  { path: paths.terpene.path, Screen: terpenePage.Screen },
]

/**
 * ACCOUNT_SCREENS are sign-in, sign-up and the private profile. They depend on
 * the visitor, so they are not pre-rendered or listed in the sitemap.
 */
export const ACCOUNT_SCREENS: readonly { path: string; Screen: LazyExoticComponent<ComponentType> }[] = [
  { path: paths.signIn.path, ...screen(async () => ({ Component: (await import('../routes/signin')).SignInRoute })) },
  { path: paths.signUp.path, ...screen(async () => ({ Component: (await import('../routes/signup')).SignUpRoute })) },
  { path: paths.profile.path, ...screen(async () => ({ Component: (await import('../routes/profile')).ProfileRoute })) },
]

/** PARAM_SCREENS take a parameter from their path: not pre-rendered (one page per product), nor in the sitemap. */
export const PARAM_SCREENS: readonly { path: string; Screen: LazyExoticComponent<ComponentType> }[] = [
  { path: paths.product.path, ...screen(async () => ({ Component: (await import('../routes/product')).ProductRoute })) },
]

/**
 * AppRoutes is the app's route table, in React Router's declarative mode (why
 * not the data router: see site/README.md, "Routing"). RootFrame scrolls to
 * the top and counts a page view on every navigation. Screens sit inside
 * AppLayout, which catches their errors and keeps the layout; an error in the
 * layout itself falls back to the blank error screen. Unknown paths get the
 * not-found screen without the layout; paths under a known screen get it
 * inside the layout, so the visitor keeps the sidebar.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<RootFrame />}>
          <Route element={<AppLayout />}>
            {SCREENS.flatMap(({ paths: screenPaths, Screen }) => screenPaths.map((path) => <Route key={path} path={path} element={<Screen />} />))}
            {DETAIL_SCREENS.map(({ path, Screen }) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
            {[...ACCOUNT_SCREENS, ...PARAM_SCREENS].map(({ path, Screen }) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
            {/* A path under a known screen (/dispensary-status/x, /product) is not found, inside the layout. */}
            {SCREENS.flatMap(({ paths: screenPaths }) => screenPaths.filter((path) => path !== '/'))
              .concat('/product')
              .map((path) => (
                <Route key={`${path}/*`} path={`${path}/*`} element={<NotFoundScreen />} />
              ))}
          </Route>
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  )
}
