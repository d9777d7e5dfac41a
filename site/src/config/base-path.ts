// The path the site is served under: "/" at the root of its host (the default), or a
// sub-path such as "/omc/" for a GitHub Pages project site (https://<owner>.github.io/<repo>/).
// Set at build time (vite.config.ts: OMC_BASE_PATH, else the path of VITE_SITE_URL);
// Vite writes it into the code as import.meta.env.BASE_URL (config/site-base.ts).
// Kept free of imports so vite.config.ts and the build scripts can load it.

/** BasePathError is a base path setting that cannot be used, naming the setting and the problem. */
export class BasePathError extends Error {
  override name = 'BasePathError'
}

// One or more path segments of plain URL characters: nothing that would need escaping in
// a URL, an HTML attribute or a service worker's scope, and no "." or ".." segment.
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/

/**
 * parseBasePath checks a base path (OMC_BASE_PATH) and returns it with a leading and a
 * trailing slash ("omc" and "/omc" give "/omc/"); "" and "/" give "/". A base path that is
 * a URL, or has a query, a fragment, "." or ".." segments or characters that need
 * escaping, is a BasePathError naming setting.
 */
export function parseBasePath(raw: string, setting = 'OMC_BASE_PATH'): string {
  const trimmed = raw.trim()
  const segments = trimmed.split('/').filter((s) => s !== '')
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === '..' || segment === '.') {
      throw new BasePathError(
        `${setting}=${JSON.stringify(raw)}: not a path like /omc/ (letters, digits, "-", "_", "." and "~" between slashes; no URL, query or "..")`,
      )
    }
  }
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`
}

/**
 * basePathFor is the base path of a build: OMC_BASE_PATH when set, else the path of the
 * site's public address (VITE_SITE_URL, https://<owner>.github.io/<repo> gives /<repo>/),
 * else "/". Both set and disagreeing is a BasePathError: the pages would link one place
 * and the sitemap another.
 */
export function basePathFor(basePath: string | undefined, siteUrl: string | undefined): string {
  let fromUrl: string | undefined
  if (siteUrl?.trim()) {
    try {
      fromUrl = parseBasePath(new URL(siteUrl.trim()).pathname, 'the path of VITE_SITE_URL')
    } catch (error) {
      // A VITE_SITE_URL that is no URL is env-schema.ts's to report, with the other settings.
      if (error instanceof BasePathError) throw error
    }
  }
  if (basePath === undefined || basePath.trim() === '') return fromUrl ?? '/'
  const base = parseBasePath(basePath)
  if (fromUrl !== undefined && fromUrl !== '/' && fromUrl !== base) {
    throw new BasePathError(
      `OMC_BASE_PATH=${JSON.stringify(basePath)} and VITE_SITE_URL=${JSON.stringify(siteUrl)} name different paths (${base}, ${fromUrl})`,
    )
  }
  return base
}

/** withBase is an app path ("/events", "/") as served under base ("/omc/events", "/omc/"). */
export function withBase(base: string, path: string): string {
  return base + path.replace(/^\/+/, '')
}

/**
 * withoutBase is the app path of a URL path served under base ("/omc/events" gives
 * "/events", "/omc" and "/omc/" give "/"); a path outside base is returned as it is.
 */
export function withoutBase(base: string, pathname: string): string {
  if (base === '/') return pathname
  if (pathname === base.slice(0, -1)) return '/'
  return pathname.startsWith(base) ? `/${pathname.slice(base.length)}` : pathname
}

// A link of rendered content (omc publish's Markdown) to one of the site's pages: written from
// the site's root ("/events"), not a protocol-relative "//host" one.
const ROOT_LINK = /(<a\s[^>]*?href=")\/(?!\/)/g

/** linksUnderBase is HTML whose links to the site's own pages ("/events") lead under base ("/omc/events"). */
export function linksUnderBase(html: string, base: string): string {
  return base === '/' ? html : html.replace(ROOT_LINK, `$1${base}`)
}

/** routerBasename is React Router's basename for base: "/omc" for "/omc/", "/" at the root. */
export const routerBasename = (base: string): string => (base === '/' ? '/' : base.slice(0, -1))
