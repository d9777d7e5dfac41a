import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import type * as z from 'zod/mini'
import { parseSnapshot } from '../api/fetcher'
import { snapshotKey } from '../api/use-snapshot'
import { env } from '../config/env'
import { isPrerendered, pathsOf, ROUTES } from '../config/routes'
import { contentSnapshots } from '../features/content/api/content-schemas'
import { terpeneContentSchema } from '../features/explore/api/explore-schemas'
import { AppProviders } from './providers'
import { AppRoutes } from './router'

// Build-time entry (scripts/prerender.mjs): renders each public page to HTML
// so crawlers and the first paint get the title and the page's own text
// before any script runs. Data from snapshots is not in it: it is fetched in
// the browser, where it is always the latest.

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
  // The first pass (prerender waits for lazy code) loads the screen's code.
  // Its output is not used: React writes a large screen out of place, as a
  // hidden block plus a script moving it in. The second, synchronous pass
  // finds the code loaded and writes the screen where it belongs.
  await new Response((await prerender(page(path, fallback))).prelude).text()
  return { html: renderToString(page(path, fallback)) }
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
