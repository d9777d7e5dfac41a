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
  const publishedIn = (folder) =>
    files.map((f) => f.path.match(new RegExp(`^api/${folder}/([^/]+)$`))?.[1]).find((name) => name !== undefined && name !== 'index')
  return paths.map((p) => {
    const pattern = p.includes('/:')
    let url = p
    if (pattern) {
      const folder = snapshots[p]?.split('/')[0] ?? p.split('/')[1]
      const name = publishedIn(folder)
      assert.ok(name, `${p}: no published api/${folder}/<name> to show (manifest.json)`)
      url = p.replace(/:[A-Za-z]+/g, name)
    }
    return { path: p, url: url.slice(1), main: aliases[p] ?? p, prerendered: !pattern && !personal.includes(p) }
  })
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
