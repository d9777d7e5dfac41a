// The site's screens as the browser tests visit them, read from the running site
// rather than listed by hand: routes.json, which the build writes from the one route
// table (src/config/routes.ts, siteRoutesJson), names every path; manifest.json, which
// omc publish writes, names the published snapshots that fill a path's ":name" segment.
// A screen added to routes.ts is visited without editing a test.
import assert from 'node:assert/strict'

/**
 * publishedScreens returns each path of the site's routes.json as a screen to visit:
 * { path: "/dispensary-menus/:store", url: "dispensary-menus/<a published store>",
 * main: its main path (itself, or the one it is an alias of), prerendered: whether the
 * build writes it to HTML (not a personal screen, no ":name" segment) }. A ":name" is
 * filled with a published snapshot of the folder the path shows (routes.json's
 * snapshots), else of the folder named like the path's first segment (api/terpenes/…).
 */
export async function publishedScreens(site) {
  const get = async (name) => {
    const response = await fetch(new URL(name, site))
    assert.equal(response.status, 200, `${name}: HTTP ${response.status}`)
    return response.json()
  }
  const { paths, snapshots = {}, aliases = {}, personal = [] } = await get('routes.json')
  const { files } = await get('manifest.json')
  return paths.map((p) => {
    const pattern = p.includes('/:')
    const url = pattern ? withPublished(p, snapshots[p] ?? `${p.split('/')[1]}/:name`, files) : p
    return { path: p, url: url.slice(1), main: aliases[p] ?? p, prerendered: !pattern && !personal.includes(p) }
  })
}

/**
 * withPublished fills the ":name" segments of path with those of a published snapshot its
 * route shows (snapshot: routes.json's, "menus/:store", "search/:type/first-:region"), the
 * first of manifest.json's files (each { path: "api/…" }) that matches it, not a list ("index").
 */
export function withPublished(path, snapshot, files) {
  const names = []
  const pattern = new RegExp(
    `^api/${snapshot.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z]+)/g, (_, name) => (names.push(name), '([^/]+)'))}$`,
  )
  const match = files.map((f) => f.path.match(pattern)).find((m) => m && !m.slice(1).includes('index'))
  assert.ok(match, `${path}: no published api/${snapshot} to show (manifest.json)`)
  return path.replace(/:([A-Za-z]+)/g, (_, name) => match[1 + names.indexOf(name)])
}

/** htmlText is the text of an HTML fragment: tags dropped, React's <!-- --> separators and entities undone. */
export function htmlText(fragment) {
  return fragment
    .replace(/<[^>]+>/g, '')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
    .trim()
}
