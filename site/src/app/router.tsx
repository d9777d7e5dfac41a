import { lazy, type ComponentType } from 'react'
import { matchPath, Route, Routes } from 'react-router-dom'
import { prefetchSnapshot } from '../api/prefetch'
import { NAME_SHAPES } from '../api/snapshot-names'
import { BlankLayout } from '../components/blank-layout'
import { AppLayout } from '../components/layout/app-layout'
import { RootFrame } from '../components/layout/root-frame'
import { NotFoundScreen } from '../components/not-found-screen'
import { RouteErrorBoundary } from '../components/route-error-boundary'
import { pathsOf, ROUTES, type RouteDef, type RouteId } from '../config/routes'
import { appPath } from '../config/site-base'
import { searchFilesFor } from '../features/menus/api/search-files'

/** RouteModule is what a module of src/routes exports: its screen, as the default export. */
type RouteModule = { default: ComponentType }

// Every route module is a chunk of its own, found by its name in config/routes.ts.
const MODULES = import.meta.glob<RouteModule>(['../routes/*.tsx', '!../routes/*.test.tsx'])

// One download per module however often it is asked for (preloadScreen, then React,
// or two routes of one module); a failed one may be tried again.
const loading = new Map<string, Promise<RouteModule>>()
function loadModule(name: string): Promise<RouteModule> {
  const importer = MODULES[`../routes/${name}.tsx`]
  if (!importer) return Promise.reject(new Error(`config/routes.ts names src/routes/${name}.tsx, which does not exist`))
  let module = loading.get(name)
  if (!module) {
    module = importer().catch((error: unknown) => {
      loading.delete(name)
      throw error
    })
    loading.set(name, module)
  }
  return module
}

/**
 * URL_DATA names snapshots a screen needs that depend on its URL's query, beyond
 * its route's data: the search files of a Menus URL.
 */
const URL_DATA: Partial<Record<RouteId, (url: URL) => readonly string[]>> = { menus: searchFilesFor }

/**
 * pageSnapshotName names the snapshot of one page of a ":name" route (menus/<slug> for
 * /dispensary-menus/<slug>): the screen asks for it only once its code has loaded and the
 * layout has hydrated (about a second after its code at 4x CPU slowdown, bench:menus's
 * store page), so it starts with the code instead. None for a segment publish cannot
 * have written (the screen shows not found without asking).
 */
function pageSnapshotName(route: RouteDef, pathname: string): string | undefined {
  if (!route.snapshot) return undefined
  for (const path of pathsOf(route)) {
    const params = matchPath(path, pathname)?.params
    if (!params) continue
    const shape = NAME_SHAPES[route.snapshot.split('/')[0]!]
    if (!shape || !Object.values(params).every((value) => value !== undefined && shape.test(value))) return undefined
    return route.snapshot.replace(/:([A-Za-z]+)/g, (_, key: string) => params[key] ?? '')
  }
  return undefined
}

/**
 * preload starts downloading a screen's code and snapshots side by side (the
 * hook that shows a snapshot takes the download), pathname's (the window's by
 * default). Prefetching needs a window: not while pre-rendering.
 */
function preload(route: RouteDef & { id: RouteId }, pathname?: string): Promise<RouteModule> {
  if (typeof window !== 'undefined') {
    const url = new URL(window.location.href)
    const page = pageSnapshotName(route, pathname ?? appPath(url.pathname))
    for (const name of [...(route.data ?? []), ...(URL_DATA[route.id]?.(url) ?? []), ...(page ? [page] : [])]) prefetchSnapshot(name)
  }
  return loadModule(route.module)
}

/** isAt tells whether pathname (the app's path) is one of route's paths. */
const isAt = (route: RouteDef, pathname: string) => pathsOf(route).some((path) => matchPath(path, pathname))

// One lazy component per route: rendering it starts that route's data too. Each gets
// a promise of its own: React marks a promise it has seen as settled, and a second
// lazy component handed the same one would retry it forever. A route showing another's
// screen (sameScreenAs) shares its component, so React keeps that screen mounted as the
// URL moves between them; it starts the data of the route at the window's path.
const screenOf = new Map<string, ComponentType>()
const SCREENS = ROUTES.map((route) => {
  // The routes showing this screen: the one among them at the window's path has its data started.
  const sharing = ROUTES.filter((r) => r.id === route.id || r.sameScreenAs === route.id)
  const atWindow = () =>
    sharing.length > 1 && typeof window !== 'undefined' ? sharing.find((r) => isAt(r, appPath(window.location.pathname))) : undefined
  const Screen = (route.sameScreenAs && screenOf.get(route.sameScreenAs)) || lazy(async () => preload(atWindow() ?? route))
  screenOf.set(route.id, Screen)
  return { route, Screen }
})

/**
 * preloadScreen starts loading the code and snapshots of the screen at
 * pathname (the app's path, without the base path), if it is a route. main.tsx calls it before hydrating: React
 * hydrates the layout first and reaches the screen's lazy component only in a
 * later pass, so without this the screen's code and data would start
 * downloading only after the layout has hydrated (about 200 ms later on the
 * status page at 4× CPU slowdown). It resolves once the screen's code is in (or failed to come).
 */
export function preloadScreen(pathname: string): Promise<void> {
  const route = ROUTES.find((r) => isAt(r, pathname))
  // A failed download is React's to report when it renders the screen.
  return route
    ? preload(route, pathname).then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve()
}

/** UNDER_SCREENS are the paths below a screen (/dispensary-status/x, /product): not found, inside the layout. */
const UNDER_SCREENS = [
  ...new Set(
    ROUTES.flatMap(pathsOf)
      .map((path) => path.split('/:')[0]!.replace(/\/$/, ''))
      .filter((prefix) => prefix !== ''),
  ),
].map((prefix) => `${prefix}/*`)

/**
 * AppRoutes is the app's route table, in React Router's declarative mode (why
 * not the data router: see site/README.md, "Routing"), made from
 * config/routes.ts. RootFrame scrolls to the top and counts a page view on
 * every navigation. Screens sit inside AppLayout, which catches their errors
 * and keeps the layout; an error in the layout itself falls back to the blank
 * error screen. Unknown paths get the not-found screen without the layout;
 * paths under a known screen get it inside the layout, so the visitor keeps
 * the sidebar.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<RootFrame />}>
          <Route element={<AppLayout />}>
            {SCREENS.flatMap(({ route, Screen }) => pathsOf(route).map((path) => <Route key={path} path={path} element={<Screen />} />))}
            {UNDER_SCREENS.map((path) => (
              <Route key={path} path={path} element={<NotFoundScreen />} />
            ))}
          </Route>
          <Route
            path="*"
            element={
              <BlankLayout>
                <NotFoundScreen />
              </BlankLayout>
            }
          />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  )
}
