// What a share or an ad adds to a link to count its visits (utm_source, Facebook's fbclid,
// Google's gclid…) says nothing about what the page shows: a link to Menus shared on Facebook
// is the default search, not a search of its own. The app reads a URL's query without these
// (a search's state, its search files, whether a page rendered for its default search is
// hydrated), and so do the inline scripts of every page, which carry the same pattern
// (early-data.ts, index.html; tests compare them).

/** TRACKING_PARAM matches the names of the query parameters that only count visits. */
export const TRACKING_PARAM = /^(?:utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|twclid|ttclid|igshid|mc_cid|mc_eid)$/

/** withoutTracking is a query string ("?a=1&b=2", or "") without its tracking parameters; unchanged when it has none. */
export function withoutTracking(search: string): string {
  const params = new URLSearchParams(search)
  const names = [...params.keys()]
  if (!names.some((name) => TRACKING_PARAM.test(name))) return search
  for (const name of names) if (TRACKING_PARAM.test(name)) params.delete(name)
  const rest = params.toString()
  return rest ? `?${rest}` : ''
}

/** searchKeys are the names of a query's parameters that are not tracking ones. */
export const searchKeys = (params: URLSearchParams): string[] => [...params.keys()].filter((name) => !TRACKING_PARAM.test(name))
