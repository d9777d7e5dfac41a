import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import type * as z from 'zod/mini'
import { parseSnapshot } from '../api/fetcher'
import { dispensaryStatusListSchema } from '../api/dispensary-status'
import { setPageData, type PageData } from '../api/page-data'
import { snapshotKey } from '../api/snapshot-key'
import { env } from '../config/env'
import { isPrerendered, pathsOf, ROUTES, routes, type RouteDef } from '../config/routes'
import { contentSnapshots } from '../features/content/api/content-schemas'
import { terpeneContentSchema } from '../features/explore/api/explore-schemas'
import { statisticsSchema } from '../features/home/api/home-schemas'
import { announcementsSchema } from '../features/home/api/use-home'
import { pipelineSchema } from '../features/status/api/use-pipeline'
import { AppProviders } from './providers'
import { AppRoutes } from './router'

// Build-time entry (scripts/prerender.mjs): renders each public page to HTML
// so crawlers and the first paint get the title and the page's own text
// before any script runs. Data from snapshots is not in it: it is fetched in
// the browser, where it is always the latest. The same entry renders the data
// pages again after each publish (scripts/prerender-pages.mjs, PUBLISHED_PAGES),
// with the snapshots just published.

const PRERENDERED = ROUTES.filter(isPrerendered)

/** PUBLIC_PATHS are the pages written to dist/<path>/index.html. */
export const PUBLIC_PATHS: readonly string[] = PRERENDERED.flatMap(pathsOf)

/** CANONICAL_PATHS are each screen's main path, for the sitemap (aliases point to them). */
export const CANONICAL_PATHS: readonly string[] = PRERENDERED.map((r) => r.path)

/** canonicalPath is the main path of the screen at path. */
export function canonicalPath(path: string): string {
  return ROUTES.find((r) => pathsOf(r).includes(path))?.path ?? path
}

export { env }
export { robotsTxt, sitemapXml } from '../lib/seo'

/** CONTENT_SHAPES are the community-page snapshots (api/content/*) a page is pre-rendered with. */
const CONTENT_SHAPES: Record<string, z.ZodMiniType> = { ...contentSnapshots, 'content/terpenes': terpeneContentSchema }

/** contentFor names the community-page snapshots (api/content/*) the screen at path shows. */
export function contentFor(path: string): readonly string[] {
  return (PRERENDERED.find((r) => pathsOf(r).includes(path))?.data ?? []).filter((name) => name.startsWith('content/'))
}

/** PublishedPage is a screen rendered again after each publish, with the snapshots it shows and their shapes. */
type PublishedPage = { route: RouteDef; snapshots: Record<string, z.ZodMiniType> }

/**
 * PUBLISHED_PAGES are the screens whose first view comes from snapshots, rendered
 * after each publish with them (scripts/prerender-pages.mjs): one line each. A
 * snapshot missing from the published tree is left out (the page loads it as
 * usual).
 */
const PUBLISHED_PAGES: readonly PublishedPage[] = [
  { route: routes.home, snapshots: { statistics: statisticsSchema, announcements: announcementsSchema } },
  { route: routes.dispensaryStatus, snapshots: { DispensaryStatus: dispensaryStatusListSchema, pipeline: pipelineSchema } },
]

/** publishedPages lists the pages rendered after a publish: each path (aliases too) and the snapshots it is rendered with. */
export function publishedPages(): { path: string; snapshots: string[] }[] {
  return PUBLISHED_PAGES.flatMap(({ route, snapshots }) => pathsOf(route).map((path) => ({ path, snapshots: Object.keys(snapshots) })))
}

/**
 * renderPublished renders path with the snapshots just published (name → JSON as
 * read from the tree), each checked against its shape first (a bad one is an error
 * naming it). It returns the body HTML and the page's data: the checked snapshots
 * and the time of rendering, which the page carries for the app to hydrate from.
 */
export async function renderPublished(
  path: string,
  published: Record<string, unknown>,
  renderedAt: number,
): Promise<{ html: string; data: PageData }> {
  const page = PUBLISHED_PAGES.find((p) => pathsOf(p.route).includes(path))
  if (!page) throw new Error(`prerender ${path}: not one of the pages rendered after a publish`)
  const snapshots: Record<string, unknown> = {}
  for (const [name, body] of Object.entries(published)) {
    const shape = page.snapshots[name]
    if (!shape) throw new Error(`prerender ${path}: no shape for snapshot ${name}`)
    snapshots[name] = (await parseSnapshot(name, shape, { body })).data
  }
  const data = { renderedAt, snapshots }
  setPageData(data)
  try {
    const fallback = Object.fromEntries(Object.entries(snapshots).map(([name, d]) => [snapshotKey(name), { data: d }]))
    return { html: await renderTwice(path, fallback), data }
  } finally {
    setPageData(undefined)
  }
}

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
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  )
}
