import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import { env } from '../config/env'
import { AppProviders } from './providers'
import { AppRoutes, SCREENS } from './router'

// Build-time entry (scripts/prerender.mjs): renders each public page to HTML
// so crawlers and the first paint get the title and the page's own text
// before any script runs. Data from snapshots is not in it: it is fetched in
// the browser, where it is always the latest.

/** PUBLIC_PATHS are the pages written to dist/<path>/index.html. */
export const PUBLIC_PATHS: readonly string[] = SCREENS.flatMap((s) => s.paths)

/** CANONICAL_PATHS are each screen's main path, for the sitemap (aliases point to them). */
export const CANONICAL_PATHS: readonly string[] = SCREENS.map((s) => s.paths[0] ?? '/')

/** canonicalPath is the main path of the screen at path. */
export function canonicalPath(path: string): string {
  return SCREENS.find((s) => s.paths.includes(path))?.paths[0] ?? path
}

export { env }
export { robotsTxt, sitemapXml } from '../lib/seo'

/**
 * render returns the body HTML of path: the screen itself, not its loading spinner.
 */
export async function render(path: string): Promise<{ html: string }> {
  // The first pass (prerender waits for lazy code) loads the screen's code.
  // Its output is not used: React writes a large screen out of place, as a
  // hidden block plus a script moving it in. The second, synchronous pass
  // finds the code loaded and writes the screen where it belongs.
  await new Response((await prerender(page(path))).prelude).text()
  return { html: renderToString(page(path)) }
}

function page(path: string) {
  return (
    <StrictMode>
      <AppProviders>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  )
}
