import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { matchPath, StaticRouter } from 'react-router-dom'
import type * as v from 'valibot'
import { parseSnapshot } from '../api/fetcher'
import { dispensaryStatusListSchema } from '../api/dispensary-status'
import { setPageData, type PageData } from '../api/page-data'
import { snapshotKey } from '../api/snapshot-key'
import { LISTED_SLUG, PRODUCT_CODE, STORE_SLUG } from '../api/snapshot-names'
import { env } from '../config/env'
import { BASE_PATH, ROUTER_BASENAME, sitePath } from '../config/site-base'
import { isPrerendered, pathsOf, ROUTES, routes, type RouteDef } from '../config/routes'
import { contentSnapshots } from '../features/content/api/content-schemas'
import { strainSchema, terpeneContentSchema, terpeneSchema, terpenesIndexSchema } from '../features/explore/api/explore-schemas'
import { statisticsSchema } from '../features/home/api/home-schemas'
import { announcementsSchema } from '../features/home/api/use-home'
import { pipelineSchema } from '../features/status/api/use-pipeline'
import {
  dealsIndexSchema,
  dealsRegionSchema,
  menuSchema,
  productSchema,
  REGIONS,
  searchFirstSchema,
  searchStoresSchema,
} from '../features/offers/api/shop-schemas'
import { regionViewPath } from '../features/offers/lib/menus-location'
import { CATEGORIES } from '../api/common-schemas'
import { dealFiles, readDealsQuery } from '../features/deals/lib/deals'
import { DEFAULT_SEARCH_STATE } from '../features/offers/lib/search-state'
import { AppProviders } from './providers'
import { AppRoutes } from './router'

// Build-time entry (scripts/prerender.mjs): renders each public page to HTML
// so crawlers and the first paint get the title and the page's own text
// before any script runs. Data from snapshots is not in it: it is fetched in
// the browser, where it is always the latest. The same entry renders the data
// pages again after each publish (scripts/prerender-pages.mjs, PUBLISHED_PAGES),
// with the snapshots just published.

const PRERENDERED = ROUTES.filter(isPrerendered)

/** CANONICAL_PATHS are each screen's main path, for the sitemap (aliases point to them). */
export const CANONICAL_PATHS: readonly string[] = PRERENDERED.map((r) => r.path)

/**
 * PUBLIC_PATHS are the pages written to dist/<path>/index.html: each screen's main path,
 * the canonical one. Its aliases get a small page leading there (aliasPagesOf), not a copy.
 */
export const PUBLIC_PATHS: readonly string[] = CANONICAL_PATHS

/**
 * routeModuleOf names the route module (src/routes/<module>.tsx) of the screen at path, as
 * the router matches it (undefined: the not-found screen, part of the app's entry). The
 * pre-rendering scripts link that module's stylesheets into the page (scripts/prerender-html.mjs).
 */
export function routeModuleOf(path: string): string | undefined {
  return ROUTES.find((r) => pathsOf(r).some((p) => matchPath(p, path)))?.module
}

/**
 * AliasPage is a file answering one of a page's other paths (an alias of its screen, e.g.
 * /menu/<slug> for /dispensary-menus/<slug>) on a static host: path is the alias, to the
 * page's main path as served (under the base path), canonical its address for search
 * engines (absolute with the site's address, else as served). scripts/prerender-html.mjs
 * writes it (aliasHtml).
 */
export type AliasPage = { path: string; to: string; canonical: string }

/**
 * aliasPagesOf lists the alias pages of the page at path, a screen's main path with its
 * ":name" segments filled (/dispensary-menus/bloom-akron): each alias of that screen, the
 * same values in its segments. A path of no screen, or of a screen without aliases, has none.
 */
export function aliasPagesOf(path: string): AliasPage[] {
  for (const route of ROUTES) {
    const match = matchPath(route.path, path)
    if (!match) continue
    const to = sitePath(path)
    const canonical = env.siteUrl ? env.siteUrl + path : to
    return (route.aliases ?? []).map((alias) => ({ path: alias.replace(/:(\w+)/g, (_, name: string) => match.params[name] ?? ''), to, canonical }))
  }
  return []
}

export { env }
/** BASE_PATH is the path the build is served under ("/", "/omc/"): the pre-rendering scripts prefix the stylesheets' and the service worker's paths with it. */
export { BASE_PATH }
export { robotsTxt, sitemapXml } from '../lib/seo'
export { withCspMeta } from './csp-meta'

/** CONTENT_SHAPES are the community-page snapshots (api/content/*) a page is pre-rendered with. */
const CONTENT_SHAPES: Record<string, v.GenericSchema> = { ...contentSnapshots, 'content/terpenes': terpeneContentSchema }

/** contentFor names the community-page snapshots (api/content/*) the screen at path shows. */
export function contentFor(path: string): readonly string[] {
  return (PRERENDERED.find((r) => pathsOf(r).includes(path))?.data ?? []).filter((name) => name.startsWith('content/'))
}

/** Load reads a published snapshot (name: its path after /api/) and checks it against its shape; undefined when the tree has none. */
type Load = <S extends v.GenericSchema>(name: string, shape: S) => Promise<v.InferOutput<S> | undefined>

/** PublishedPage is a screen rendered again after each publish, with the snapshots it shows. */
type PublishedPage = {
  route: RouteDef
  /**
   * each: one page per snapshot in api/<dir>/ whose name publish could have written
   * (name), that name the path's parameter (a store's page per api/menus/<slug>);
   * without it, the route's one page. Either is rendered at the route's main path only:
   * its aliases get a page leading there (aliasPagesOf).
   */
  each?: { dir: string; name: RegExp } | ListedPages
  /** snapshots loads, through load, the snapshots the page at params shows: those a page names (deal files) after the one naming them. */
  snapshots: (load: Load, params: Readonly<Record<string, string | undefined>>) => Promise<unknown>
  /** byQuery: the screen follows the URL's query; the page is its default view, for the URL without one (app/main.tsx). */
  byQuery?: true
  /**
   * typeViews: that default view lists its offers in a section per product type, so the page
   * opened with one type only (?type=Flower) can show that type's section from its HTML until
   * the app has rendered the view (app/global.css, config/early-data.ts).
   */
  typeViews?: true
}

/**
 * ListedPages makes the pages of a route with more than one ":name" segment: paths lists
 * them from the published tree (list names the snapshots in a directory of its api/), dir
 * names their kind.
 */
type ListedPages = { dir: string; paths: (list: (dir: string) => readonly string[]) => string[] }

// What the default views read: Menus' first page of its default product type, Deals' every region's deals.
const FIRST_SEARCH = `search/${DEFAULT_SEARCH_STATE.productType.toLowerCase()}/first`
const NO_DEALS_QUERY = readDealsQuery(new URLSearchParams())

/**
 * PUBLISHED_PAGES are the screens whose first view comes from snapshots, rendered
 * after each publish with them (scripts/prerender-pages.mjs): one line each. A
 * snapshot missing from the published tree is left out (the page loads it as
 * usual).
 */
const PUBLISHED_PAGES: readonly PublishedPage[] = [
  { route: routes.home, snapshots: (load) => Promise.all([load('statistics', statisticsSchema), load('announcements', announcementsSchema)]) },
  {
    route: routes.dispensaryStatus,
    snapshots: (load) => Promise.all([load('DispensaryStatus', dispensaryStatusListSchema), load('pipeline', pipelineSchema)]),
  },
  {
    route: routes.deals,
    byQuery: true,
    snapshots: async (load) => {
      const index = await load('deals/index', dealsIndexSchema)
      const files = index ? dealFiles(index, NO_DEALS_QUERY) : []
      // The stores' tax rates ("≈ $X with tax") come from Menus' list of stores.
      await Promise.all([...files.map((f) => load(f, dealsRegionSchema)), load('search/stores', searchStoresSchema)])
    },
  },
  {
    route: routes.menus,
    byQuery: true,
    snapshots: (load) => Promise.all([load('search/stores', searchStoresSchema), load(FIRST_SEARCH, searchFirstSchema)]),
  },
  // A region's view of Menus for each region and product type publish wrote offers for, with
  // that search's first page (api/search/<type>/first-<region>, written beside the region's
  // shard, which loads after hydration, as the default view's does) and the stores' list.
  {
    route: routes.menusRegion,
    each: {
      dir: 'search',
      paths: (list) =>
        CATEGORIES.flatMap((type) => {
          const written = list(`search/${type.toLowerCase()}`)
          return REGIONS.filter((region) => written.includes(`first-${region.toLowerCase()}`)).map((region) => regionViewPath(region, type))
        }),
    },
    byQuery: true,
    snapshots: (load, { region = '', type = '' }) =>
      Promise.all([load('search/stores', searchStoresSchema), load(`search/${type}/first-${region}`, searchFirstSchema)]),
  },
  {
    route: routes.store,
    each: { dir: 'menus', name: STORE_SLUG },
    byQuery: true,
    typeViews: true,
    snapshots: (load, { store = '' }) => load(`menus/${store}`, menuSchema),
  },
  // Its stores' hours and tax rates (api/search/stores) are not carried: they would add
  // that file to every product's page; they follow after hydration, as before.
  {
    route: routes.product,
    each: { dir: 'products', name: PRODUCT_CODE },
    byQuery: true,
    snapshots: (load, { code = '' }) => load(`products/${code}`, productSchema),
  },
  // A page for each strain and terpene too: a static host answers a path it has no file for
  // with 404.html and a 404, so a known one is a page of its own and an unknown one a 404.
  {
    route: routes.strain,
    each: { dir: 'strains', name: LISTED_SLUG },
    snapshots: (load, { genetic = '' }) => load(`strains/${genetic}`, strainSchema),
  },
  {
    route: routes.terpene,
    each: { dir: 'terpenes', name: LISTED_SLUG },
    snapshots: (load, { terpene = '' }) =>
      Promise.all([
        load('content/terpenes', terpeneContentSchema),
        load('terpenes/index', terpenesIndexSchema),
        load(`terpenes/${terpene}`, terpeneSchema),
      ]),
  },
]

/**
 * PublishedPath is a page rendered after a publish: its path, whether it is the
 * default view of a screen following its query, for one of the pages made for
 * each snapshot of a kind, the directory of that kind ("menus": a store's page,
 * "products": a product's), and the pages of its aliases, which lead to it.
 */
export type PublishedPath = { path: string; byQuery: boolean; typeViews?: true; each?: string; aliases: AliasPage[] }

/**
 * publishedPages lists the pages rendered after a publish: the main path of each data
 * page, and one page per published snapshot of the pages made for each (list names the
 * snapshots in a directory of the tree's api/, e.g. "menus"), each with its alias pages.
 */
export function publishedPages(list: (dir: string) => readonly string[]): PublishedPath[] {
  return PUBLISHED_PAGES.flatMap(({ route, each, byQuery = false, typeViews }): PublishedPath[] => {
    const views = typeViews && { typeViews }
    if (!each) return [{ path: route.path, byQuery, ...views, aliases: aliasPagesOf(route.path) }]
    if ('paths' in each) return each.paths(list).map((path) => ({ path, byQuery, ...views, each: each.dir, aliases: aliasPagesOf(path) }))
    const param = /:[^/]+/
    return list(each.dir)
      .filter((name) => each.name.test(name))
      .map((name) => {
        const path = route.path.replace(param, name)
        return { path, byQuery, ...views, each: each.dir, aliases: aliasPagesOf(path) }
      })
  })
}

/**
 * sitemapPaths are the sitemap's pages once the data is published: each screen's
 * main path, then the pages made for each published snapshot (every store's and
 * product's page).
 */
export function sitemapPaths(published: readonly PublishedPath[]): string[] {
  return [...CANONICAL_PATHS, ...published.filter((p) => p.each).map((p) => p.path)]
}

/**
 * productsByReach orders published product codes for rendering only the first few of
 * their pages (scripts/prerender-pages.mjs --products): the products a current menu
 * lists, those at the most menus first (the ones shoppers meet most often, on the most
 * store pages and in Menus' and Deals' results), then by code. read gives a product's
 * JSON as published (api/products/<code>); one it cannot read, or of another shape,
 * comes last (its page, if rendered, reports the problem).
 */
export function productsByReach(codes: readonly string[], read: (name: string) => unknown): string[] {
  const reach = new Map<string, number>()
  for (const code of codes) {
    let body: unknown
    try {
      body = read(`products/${code}`)
    } catch {
      body = undefined
    }
    const product = typeof body === 'object' && body !== null ? (body as { listedNow?: unknown; offers?: unknown }) : {}
    reach.set(code, product.listedNow === true && Array.isArray(product.offers) ? product.offers.length : -1)
  }
  return [...codes].sort((a, b) => reach.get(b)! - reach.get(a)! || (a < b ? -1 : a > b ? 1 : 0))
}

/** publishedPageAt finds the data page of path and the path's parameters. */
function publishedPageAt(path: string): { page: PublishedPage; params: Record<string, string | undefined> } | undefined {
  for (const page of PUBLISHED_PAGES) {
    const match = matchPath(page.route.path, path)
    if (match) return { page, params: match.params }
  }
  return undefined
}

/**
 * renderPublished renders path with the snapshots just published (read: name → JSON
 * as read from the tree, undefined for one it does not have), each checked against
 * its shape first (a bad one is an error naming it). It returns the body HTML and the
 * page's data: the checked snapshots and the time of rendering, which the page
 * carries for the app to hydrate from.
 */
export async function renderPublished(path: string, read: (name: string) => unknown, renderedAt: number): Promise<{ html: string; data: PageData }> {
  const found = publishedPageAt(path)
  if (!found) throw new Error(`prerender ${path}: not one of the pages rendered after a publish`)
  const snapshots: Record<string, unknown> = {}
  const load: Load = async (name, shape) => {
    const body = read(name)
    if (body === undefined) return undefined
    const { data } = await parseSnapshot(name, shape, { body })
    snapshots[name] = data
    return data
  }
  await found.page.snapshots(load, found.params)
  const data = { renderedAt, snapshots }
  setPageData(data)
  try {
    const fallback = Object.fromEntries(Object.entries(snapshots).map(([name, d]) => [snapshotKey(name), { data: d }]))
    // A screen's code is loaded by its first page: the others of the route render in one
    // pass, unless one shows code no page before it did (React marks what it left to the browser).
    let html = warm.has(found.page) ? renderToString(page(path, fallback)) : undefined
    if (html === undefined || html.includes(LEFT_TO_BROWSER)) html = await renderTwice(path, fallback)
    warm.add(found.page)
    return { html, data }
  } finally {
    setPageData(undefined)
  }
}

// The data pages whose screen's code is loaded (renderTwice has rendered one of them).
const warm = new Set<PublishedPage>()
// The marker of a Suspense boundary renderToString could not render (code not loaded yet).
const LEFT_TO_BROWSER = '<!--$!-->'

/**
 * render returns the body HTML of path: the screen itself, not its loading
 * spinner. content holds published community-page snapshots (name → JSON) to
 * render the page with; each is checked against its shape first.
 */
export async function render(path: string, content: Record<string, unknown> = {}): Promise<{ html: string }> {
  const fallback: Record<string, unknown> = {}
  for (const [name, body] of Object.entries(content)) {
    const shape = name.startsWith('content/') ? CONTENT_SHAPES[name] : undefined
    if (!shape) throw new Error(`prerender ${path}: no shape for snapshot ${name}`)
    fallback[snapshotKey(name)] = await parseSnapshot(name, shape, { body })
  }
  return { html: await renderTwice(path, fallback) }
}

// The first pass (prerender waits for lazy code) loads the screen's code.
// Its output is not used: React writes a large screen out of place, as a
// hidden block plus a script moving it in. The second, synchronous pass
// finds the code loaded and writes the screen where it belongs.
async function renderTwice(path: string, fallback: Record<string, unknown>): Promise<string> {
  await new Response((await prerender(page(path, fallback))).prelude).text()
  return renderToString(page(path, fallback))
}

function page(path: string, fallback: Record<string, unknown>) {
  return (
    <StrictMode>
      <AppProviders fallback={fallback}>
        <StaticRouter basename={ROUTER_BASENAME} location={sitePath(path)}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  )
}
