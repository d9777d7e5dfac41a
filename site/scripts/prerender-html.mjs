// What scripts/prerender.mjs (every public page, at build time) and
// scripts/prerender-pages.mjs (the data pages, after each publish) share: where the
// server-side bundle of src/app/prerender.tsx and the built index.html are kept, and
// how a rendered body goes into that index.html.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** SSR_TEMPLATE is the built index.html as Vite wrote it, kept beside the bundle before pre-rendering overwrites it. */
export const SSR_TEMPLATE = 'template.html'

/** ssrEntry finds the bundle of src/app/prerender.tsx in dir (undefined when the build has not made it). */
export function ssrEntry(dir) {
  if (!fs.existsSync(dir)) return undefined
  const entry = fs.readdirSync(dir).find((f) => /^prerender\.m?js$/.test(f))
  return entry && path.join(dir, entry)
}

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
const TITLE = /<title>([\s\S]*?)<\/title>/

/** jsonScript is JSON in a <script type="application/json"> with id, "<" escaped so no "</script>" can end it early. */
export const jsonScript = (id, value) => `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`

/**
 * pageStyles is, for a build (distDir) served under base ("/", "/omc/") and the
 * pre-rendering bundle's routeModuleOf, the stylesheets (paths on the host) of the screen at a page's path: what its route
 * module, src/routes/<module>.tsx, brings with its chunk and the chunks it imports, as the
 * browser loads them with the screen's code (the build's Vite manifest names them). A
 * pre-rendered page links them in its head: without them its first paint, and the page
 * without JavaScript, showed the screen unstyled (an icon the width of the page, cards and
 * tables as plain text) until the screen's code arrived. Vite's loader sees the links
 * already there and does not add them again. Each screen's list is worked out once (a
 * publish renders a page per store and product). A path of no screen (the not-found page)
 * has none; a route module the manifest lacks is an error naming it.
 */
export function pageStyles(distDir, routeModuleOf, base = '/') {
  const file = path.join(distDir, '.vite', 'manifest.json')
  if (!fs.existsSync(file)) throw new Error(`${file} not found: the build writes it (build.manifest in vite.config.ts)`)
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'))
  const byModule = new Map()
  const stylesOf = (module) => {
    const route = `src/routes/${module}.tsx`
    if (!manifest[route]) throw new Error(`the build's manifest has no chunk for ${route}: rebuild the site (go tool task site:build)`)
    const styles = new Set()
    const seen = new Set()
    const visit = (key) => {
      const chunk = manifest[key]
      if (!chunk || seen.has(key)) return
      seen.add(key)
      for (const css of chunk.css ?? []) styles.add(`${base}${css}`)
      for (const imported of chunk.imports ?? []) visit(imported)
    }
    visit(route)
    return [...styles]
  }
  return (pagePath) => {
    const module = routeModuleOf(pagePath)
    if (!module) return []
    if (!byModule.has(module)) byModule.set(module, stylesOf(module))
    return byModule.get(module)
  }
}

/**
 * FIRST_OFFER_ID is the id of the first row of a page's main list of offers
 * (src/components/offers/offer-table.tsx FIRST_OFFER_ID). A page that has one holds its first
 * paint until that row is parsed (<link rel="expect" blocking="render">): without it, the
 * browser painted the page's text as soon as it had parsed it, and its first offers a frame or
 * two later (Deals after a publish: up to 1.47× its paragraph in 5 of 12 runs at 4× CPU
 * slowdown; with it, 1.00× in 11 of 12, docs/benchmarks.md). Browsers without rel="expect"
 * paint as before.
 */
export const FIRST_OFFER_ID = 'first-offer'

/** APP_TEMPLATE_ID is the id of the <template> a rendered page holds the app's code in (src/config/early-data.ts APP_TEMPLATE_ID, which starts it). */
export const APP_TEMPLATE_ID = 'omc-app'
// Vite's entry script and its module preloads, each on a line of the built index.html's head.
const ENTRY_SCRIPT = /[ \t]*<script type="module"[^>]* src="[^"]+"[^>]*><\/script>\n?/
const MODULE_PRELOADS = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g

/**
 * holdApp moves the app's entry script and module preloads of template (the built index.html)
 * into a <template id="omc-app"> at the end of its head, after every stylesheet: the page's
 * early script starts them once the page is painted (src/config/early-data.ts says why), and
 * the browser asks for the stylesheets, which the first paint waits for, first.
 */
export function holdApp(template) {
  const entry = template.match(ENTRY_SCRIPT)
  if (!entry) throw new Error('the built index.html has no <script type="module" src="…"> in its head to start the app with')
  const preloads = template.match(MODULE_PRELOADS) ?? []
  const held = [entry[0], ...preloads].map((tag) => tag.trim()).join('')
  const rest = insertLiteral(template, ENTRY_SCRIPT, '').replace(MODULE_PRELOADS, '')
  return insertLiteral(rest, '</head>', `<template id="${APP_TEMPLATE_ID}">${held}</template>\n  </head>`)
}

/**
 * pageHtml puts a rendered body into the built index.html (template), with its
 * title (and a canonical link when canonical is given), its screen's stylesheets
 * (styles, from pageStyles) and the scripts after the
 * root element (the snapshots the page carries). query is the URL query a page whose
 * content follows it was rendered for ('' for its default view; src/app/main.tsx
 * hydrates it only for that query); typeViews marks a default view listing its offers in a
 * section per product type (data-type-views: opened with one type only, the page shows that
 * type's section until the app has rendered the view, src/app/global.css). The app's code starts after the page's first paint
 * (holdApp), but on the build's own pages (appAtOnce). 404.html, which a static host sends for
 * a store whose page is not rendered yet, and the data pages the build renders without their
 * data are nothing until the app renders them; the others are forms and text a visitor may use
 * at once, where a later start leaves more of what is typed unanswered (text typed before the
 * app takes a page over never reaches it). The pages rendered after a publish hold it.
 */
export function pageHtml({ template, pagePath, body, canonical, scripts = '', query, typeViews = false, styles = [], appAtOnce = false }) {
  const match = body.match(TITLE)
  if (!match) throw new Error(`prerender ${pagePath}: the page rendered no <title>`)
  // React renders <title> where the component is; the document wants it in <head>.
  const html = insertLiteral(body, TITLE, '')
  let head = `<title>${match[1]}</title>`
  if (html.includes(` id="${FIRST_OFFER_ID}"`)) head += `\n    <link rel="expect" href="#${FIRST_OFFER_ID}" blocking="render" />`
  if (canonical) head += `\n    <link rel="canonical" href="${escapeAttr(canonical)}" />`
  const attr = (query === undefined ? '' : ` data-query="${escapeAttr(query)}"`) + (typeViews ? ' data-type-views=""' : '')
  // After the app's own stylesheet (skipped when among them), where the screen's code would append them.
  const links = styles
    .filter((href) => !template.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttr(href)}">\n  `)
    .join('')
  const root = `<div id="root" data-prerendered="${escapeAttr(pagePath)}"${attr}>${html}</div>${scripts}`
  const page = appAtOnce ? template : holdApp(template)
  // The screen's stylesheets end the head, ahead of the held app.
  const before = appAtOnce ? '</head>' : `<template id="${APP_TEMPLATE_ID}">`
  return insertLiteral(insertLiteral(insertLiteral(page, TITLE, head), before, `${links}${before}`), '<div id="root"></div>', root)
}

/**
 * insertLiteral replaces the first match of pattern in text with replacement taken as it
 * is. String.prototype.replace reads $$, $&, $` and $' in a string replacement as
 * patterns, so a scraped name such as "Money $$ Kush" lost a "$", and "$`" or "$'" copied
 * the whole template into the page; a function's result is never interpreted.
 */
export const insertLiteral = (text, pattern, replacement) => text.replace(pattern, () => replacement)

// The one script of every alias page: it goes to the page's main path (the link the page
// shows, resolved on the host the page came from) with the alias's query and fragment, so
// /menu/x?type=Flower#offers opens /dispensary-menus/x?type=Flower#offers. The same text on
// every alias page, so one hash allows it: the page's own policy names it, and the site's
// (omc csp, _headers, omc serve) finds it in the build's alias pages (publish/headers.go).
const ALIAS_SCRIPT = "location.replace(document.getElementById('main-path').href+location.search+location.hash)"
const ALIAS_SCRIPT_HASH = `'sha256-${crypto.createHash('sha256').update(ALIAS_SCRIPT).digest('base64')}'`
// An alias page loads nothing and runs only its script.
const ALIAS_POLICY = `default-src 'none'; script-src ${ALIAS_SCRIPT_HASH}; base-uri 'none'; form-action 'none'`

/**
 * aliasHtml is the page answering an alias of a pre-rendered page (aliasPagesOf in
 * src/app/prerender.tsx: { path, to, canonical }) on a static host, which has no
 * redirects: a file of its own, so the alias is a 200 (not the host's 404.html with a 404
 * status), under 1 kB, that leads at once to the main path. Its script goes there keeping
 * the query and fragment; without JavaScript (a crawler, a link preview) the refresh in
 * <noscript> goes there, and the link is there for a person. The refresh is not outside
 * <noscript>: it comes due when the page has loaded, and would then replace the script's
 * navigation, query and fragment dropped. The canonical link names the main path for search
 * engines. It follows no dark theme: the browser's own dark colours give its link too little
 * contrast (axe-core), and its policy allows no stylesheet. A copy of the whole page at every alias would be rendered again whenever its
 * data changes and weigh what the page does (the demo's store pages: 234 kB each; its 457
 * alias pages together: 358 kB).
 */
export function aliasHtml({ path: aliasPath, to, canonical }) {
  if (!to.startsWith('/') || to.startsWith('//'))
    throw new Error(`alias page ${aliasPath}: the main path ${JSON.stringify(to)} is not a path on the host`)
  const href = escapeAttr(to)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${ALIAS_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ohio Marijuana Community</title>
<link rel="canonical" href="${escapeAttr(canonical)}">
<noscript><meta http-equiv="refresh" content="0; url=${href}"></noscript>
</head>
<body>
<main><p>This page is at <a id="main-path" href="${href}">${escapeText(to)}</a>.</p></main>
<script>${ALIAS_SCRIPT}</script>
</body>
</html>
`
}

const escapeText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * writeAliasPages makes sure each alias page (aliasPagesOf) is in dir with the content of
 * aliasHtml: a file already holding it is left as it is (its bytes and modification time),
 * so a page kept because its data did not change keeps its aliases too. write(file,
 * content) writes one. It returns how many it wrote and kept.
 */
export async function writeAliasPages(dir, aliases, write) {
  let wrote = 0
  for (const alias of aliases) {
    const file = pageFile(dir, alias.path)
    const html = aliasHtml(alias)
    if (readIfFile(file) === html) continue
    await write(file, html)
    wrote++
  }
  return { wrote, kept: aliases.length - wrote }
}

function readIfFile(file) {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/**
 * removePage removes a page's file (pageFile) and its folder when that is then empty: the
 * page of a store no longer published, or an alias of it, leaves nothing a host would serve.
 */
export function removePage(file) {
  fs.rmSync(file, { force: true })
  try {
    fs.rmdirSync(path.dirname(file))
  } catch {
    // Not empty (a page below it), or already gone.
  }
}

/** pageFile is where a page's HTML goes in dir: dir/index.html for /, dir/<path>/index.html for any other. */
export const pageFile = (dir, pagePath) => (pagePath === '/' ? path.join(dir, 'index.html') : path.join(dir, pagePath.slice(1), 'index.html'))

/** writeFile writes content to file, making its directory. */
export function writeFile(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
}

/** SCRATCH_PREFIX names pageWriter's scratch folders in the pages' folder. */
const SCRATCH_PREFIX = '.prerender-'

/**
 * pageWriter writes pages into dir so that a reader (omc serve, a host's copy) only ever
 * sees a whole page: each is written into a scratch folder inside dir, then renamed over
 * its place, which a rename within one filesystem does in one step. Written in place, a
 * reader saw pages cut short while they were written, and a run killed midway left a
 * truncated page served until the next publish; now a killed run leaves each page as it
 * was or as rendered, and its scratch folder, which the next run removes. write does not
 * wait: many pages are written while the next ones render. close removes the scratch folder.
 */
export function pageWriter(dir) {
  fs.mkdirSync(dir, { recursive: true })
  for (const entry of fs.readdirSync(dir)) {
    if (entry.startsWith(SCRATCH_PREFIX)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true })
  }
  const scratch = fs.mkdtempSync(path.join(dir, SCRATCH_PREFIX))
  let written = 0
  return {
    async write(file, content) {
      const temp = path.join(scratch, String(written++))
      await fs.promises.writeFile(temp, content)
      await fs.promises.mkdir(path.dirname(file), { recursive: true })
      await fs.promises.rename(temp, file)
    },
    close: () => fs.rmSync(scratch, { recursive: true, force: true }),
  }
}
