#!/usr/bin/env node
// Renders the data pages (the homepage's statistics, the status page's cards, Deals' and
// Menus' default results and each region's view of it, every store's page and every product's: the PUBLISHED_PAGES of
// src/app/prerender.tsx) after `omc publish`, with the snapshots
// just published, so their HTML shows the data before any script runs and the app
// hydrates it from the same snapshots, carried in the page, without fetching them.
// One renderer: the site's own components, as the build's pre-rendering uses
// (scripts/prerender.mjs keeps its bundle and index.html for this). All in one process,
// each screen's code loaded once; with the site's address (VITE_SITE_URL) it also writes
// sitemap.xml with every store's and product's page.
//
// A store's or a product's page whose snapshots have the same content as when it was last
// rendered (their hashes, publish time left out, in the pages' state file: prerender-state.mjs)
// is kept as it is, its file untouched; only the pages whose data changed are rendered again.
// The other data pages (homepage, status, Deals, Menus) are rendered every time.
// Each page is rendered at its main path; each alias of it (/menu/<slug>, /genetics/<slug>)
// gets a small page leading there (prerender-html.mjs aliasHtml), kept while its bytes are
// right and removed with the page.
//
// Usage: node scripts/prerender-pages.mjs [--build dist] [--pages DIR] [--products N|all] [--full] PUBLISHED_DIR
//   --build     the site build the pages are for (a directory in site/, as OMC_SITE_OUT names it)
//   --pages     where the pages go (default PUBLISHED_DIR/pages, where omc serve looks for
//               them; a static host's tree, where the site and the snapshots are copied
//               together, takes them at its root: --pages that tree)
//   --products  how many product pages at most (default DEFAULT_PRODUCTS): the products at
//               the most menus (productsByReach in src/app/prerender.tsx); the others load
//               their product in the browser as before. all: every published product.
//   --full      render every page again, whether or not its data changed
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { buildKey, contentHash, PAGES_STATE, readPagesState, unchangedPage } from './prerender-state.mjs'
import { jsonScript, pageFile, pageHtml, pageStyles, pageWriter, removePage, ssrEntry, SSR_TEMPLATE, writeAliasPages } from './prerender-html.mjs'

// The id of the <script> holding the snapshots a page was rendered with (src/api/page-data.ts).
const PUBLISHED_WITH_ID = 'omc-page-data'
// A state-sized tree publishes thousands of products (the synthetic Ohio of
// publish/bench_test.go, 300 menus: 9,269), and more as delisted ones keep their page 90
// days: all of them came to 213 MB of pages (23 kB each) and about a CPU-minute, on every
// deploy (GitHub Pages takes 1 GB a site, snapshots and store pages included). A bound keeps
// both from growing with the catalogue; the 2,000 products at the most menus are the pages
// shoppers meet most (54 % of that Ohio's offer rows link to one), and every product of
// the demo (397) is among them.
const DEFAULT_PRODUCTS = 2000

function fail(message) {
  console.error(`prerender-pages: ${message}`)
  process.exit(2)
}

let args
try {
  args = parseArgs({
    allowPositionals: true,
    options: {
      build: { type: 'string', default: 'dist' },
      pages: { type: 'string' },
      products: { type: 'string', default: String(DEFAULT_PRODUCTS) },
      full: { type: 'boolean', default: false },
    },
  })
} catch (error) {
  fail(error.message)
}
const maxProducts = args.values.products === 'all' ? Infinity : Number(args.values.products)
if (maxProducts !== Infinity && !(Number.isInteger(maxProducts) && maxProducts >= 0))
  fail(`--products ${args.values.products}: give a whole number of pages (0 for none) or all`)
const [published] = args.positionals
if (!published || args.positionals.length > 1) fail('give one published directory (omc publish --out DIR), e.g. prerender-pages.mjs out')
const dataDir = path.resolve(published)
if (!fs.existsSync(path.join(dataDir, 'api'))) fail(`${dataDir} has no api/ (run omc publish --out there first)`)
const pagesDir = path.resolve(args.values.pages ?? path.join(dataDir, 'pages'))

// The build's name decides where its bundle is (out-dir.mjs reads it when imported).
process.env.OMC_SITE_OUT = args.values.build
// React's production build renders the pages, as the production build hydrates them: the
// development one checks every element and keeps its stack, about 7× slower per store page.
process.env.NODE_ENV = 'production'
const { outDir, outName, scratchDir } = await import('./out-dir.mjs')
const ssrDir = scratchDir('prerender')
const entry = ssrEntry(ssrDir)
const templateFile = path.join(ssrDir, SSR_TEMPLATE)
if (!entry || !fs.existsSync(templateFile))
  fail(`no pre-rendering bundle for site/${outName} in ${ssrDir} (build the site first: go tool task site:build)`)
const template = fs.readFileSync(templateFile, 'utf8')
// The bundle must be the one of the build being served: its pages load that build's scripts.
// (Its src is under the path the build is served under: /assets/… or /<base>/assets/….)
const script = template.match(/<script type="module"[^>]* src="\/(?:[^"]*\/)?(assets\/[^"]+\.js)"/)
if (!script || !fs.existsSync(path.join(outDir, script[1]))) {
  fail(`the pre-rendering bundle in ${ssrDir} is not that of site/${outName} (rebuild the site: go tool task site:build)`)
}

const { renderPublished, publishedPages, aliasPagesOf, productsByReach, sitemapPaths, sitemapXml, routeModuleOf, env, BASE_PATH } = await import(
  pathToFileURL(entry).href
)
const stylesOf = pageStyles(outDir, routeModuleOf, BASE_PATH)
const started = performance.now()
const renderedAt = Date.now()

// The published snapshots, each file read once (Deals and Menus both read search/stores).
const apiDir = path.join(dataDir, 'api')
const cache = new Map()
function read(name) {
  if (cache.has(name)) return cache.get(name)
  const file = path.join(apiDir, name)
  let body
  if (fs.existsSync(file)) {
    try {
      body = JSON.parse(fs.readFileSync(file, 'utf8'))
    } catch (error) {
      throw new Error(`${file}: not valid JSON (${error.message})`)
    }
  }
  // A store's menu, a product, a strain, a terpene or a region's offers of one type is read by its page only: not kept (the lists are).
  if (!/^((menus|products|strains|terpenes)\/(?!index$)|search\/[a-z]+\/)/.test(name)) cache.set(name, body)
  return body
}
/** list names the snapshots in api/<dir> (a store's menu per file in api/menus). */
function list(dir) {
  const full = path.join(apiDir, dir)
  if (!fs.existsSync(full)) return []
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort()
}

// The product pages: those of the products at the most menus, up to --products.
let productsLeft = 0
function listRendered(dir) {
  const names = list(dir)
  if (dir !== 'products' || names.length <= maxProducts) return names
  productsLeft = names.length - maxProducts
  return productsByReach(names, read).slice(0, maxProducts)
}
const pages = publishedPages(listRendered)
// The snapshots' content hashes, each file hashed once; undefined for a snapshot that is gone.
const hashes = new Map()
function hashOf(name) {
  if (!hashes.has(name)) {
    const file = path.join(apiDir, name)
    hashes.set(name, fs.existsSync(file) ? contentHash(fs.readFileSync(file, 'utf8')) : undefined)
  }
  return hashes.get(name)
}
const build = buildKey(template, env.siteUrl)
const lastRun = readPagesState(pagesDir, build)
const lastState = args.values.full ? { build, pages: {} } : lastRun
const state = { build, pages: {} }
let kept = 0
// Each page is written beside its place and renamed over it: a reader never sees one cut short.
const writer = pageWriter(pagesDir)
const written = []
let count = 0
// The pages made for each snapshot of a kind (a store's, a product's): how many and how long, by kind.
const made = new Map()
// A page that cannot be rendered (a snapshot of the wrong shape) is reported and left as the
// build made it, loading its data in the browser; the other pages are still rendered.
const failed = []
// Pages are written while the next ones render, a bounded number at a time.
let writing = []
for (const { path: pagePath, byQuery, typeViews, each } of pages) {
  const pageStarted = performance.now()
  if (each && unchangedPage(lastState, pagePath, pageFile(pagesDir, pagePath), hashOf)) {
    state.pages[pagePath] = lastState.pages[pagePath]
    kept++
    continue
  }
  try {
    const rendered = await renderPublished(pagePath, read, renderedAt)
    const html = pageHtml({
      template,
      pagePath,
      body: rendered.html,
      canonical: env.siteUrl ? env.siteUrl + pagePath : undefined,
      scripts: jsonScript(PUBLISHED_WITH_ID, rendered.data),
      // A screen following its query is rendered for none: its default view.
      query: byQuery ? '' : undefined,
      typeViews,
      styles: stylesOf(pagePath),
      // Rendered with none of its snapshots (the tree has none yet), the page is a frame the app fills in.
      appAtOnce: Object.keys(rendered.data.snapshots).length === 0,
    })
    writing.push(writer.write(pageFile(pagesDir, pagePath), html))
    count++
    if (writing.length >= 32) {
      await Promise.all(writing)
      writing = []
    }
    if (each) {
      const snapshotHashes = Object.fromEntries(Object.keys(rendered.data.snapshots).map((name) => [name, hashOf(name)]))
      if (Object.values(snapshotHashes).every((hash) => hash !== undefined)) state.pages[pagePath] = snapshotHashes
      const kind = made.get(each) ?? { pages: 0, ms: 0, bytes: 0 }
      kind.pages++
      kind.ms += performance.now() - pageStarted
      kind.bytes += Buffer.byteLength(html)
      made.set(each, kind)
    } else {
      written.push(`${pagePath} (${Object.keys(rendered.data.snapshots).join(', ') || 'no snapshots'})`)
    }
  } catch (error) {
    console.error(`prerender-pages: ${pagePath}: ${error.message}`)
    failed.push(pagePath)
  }
}
await Promise.all(writing)
// Each alias of a page that is there (/menu/<slug> of a store's page) gets its small page
// leading to it, so a static host answers the alias with a 200 rather than its 404.html;
// one already as it should be is left as it is. A data page without an each has the
// build's copy at least. A store whose page could not be made keeps the host's 404.html
// at its alias, as at its main path.
const aliases = { wrote: 0, kept: 0 }
for (const page of pages) {
  if (page.each && !fs.existsSync(pageFile(pagesDir, page.path))) continue
  const { wrote, kept: same } = await writeAliasPages(pagesDir, page.aliases, writer.write)
  aliases.wrote += wrote
  aliases.kept += same
}
// The page of a store or product no longer published (or past --products) goes, with its
// alias pages: omc serve and a host would still serve them, as the pages outlive a publish.
// So does one rendered for another build or before a --full run, which keeps nothing.
const listed = new Set(pages.map((p) => p.path))
let removed = 0
for (const pagePath of lastRun.rendered) {
  if (listed.has(pagePath)) continue
  for (const gone of [pagePath, ...aliasPagesOf(pagePath).map((a) => a.path)]) removePage(pageFile(pagesDir, gone))
  removed++
}
await writer.write(path.join(pagesDir, PAGES_STATE), JSON.stringify(state))
if (kept > 0) written.push(`${kept} store, product and region pages kept: their data has not changed since they were rendered`)
if (removed > 0) written.push(`${removed} pages of stores or products no longer published removed, with their alias pages`)
if (aliases.wrote + aliases.kept > 0) written.push(`alias pages: ${aliases.wrote} written, ${aliases.kept} kept as they were`)
const KIND_NAMES = { menus: 'store', products: 'product', strains: 'strain', terpenes: 'terpene', search: 'region view' }
for (const [dir, { pages: n, ms, bytes }] of made) {
  const mb = (bytes / 1e6).toFixed(1)
  written.push(
    `${n} ${KIND_NAMES[dir] ?? dir} pages (${Math.round(ms)} ms, ${(ms / n).toFixed(1)} ms each; ${mb} MB, ${Math.round(bytes / n / 1e3)} kB each)`,
  )
}
if (productsLeft > 0) written.push(`${productsLeft} products at fewer menus not rendered (--products ${maxProducts}): they load in the browser`)
// The sitemap lists the store and product pages too, which only the published data knows: it is
// written beside the pages (omc serve and a static host's tree serve it from there).
if (env.siteUrl) {
  await writer.write(path.join(pagesDir, 'sitemap.xml'), sitemapXml(env.siteUrl, sitemapPaths(pages)))
  written.push('sitemap.xml')
}
writer.close()
const shown = path.relative(process.cwd(), pagesDir)
console.log(
  `prerender-pages: ${count} pages into ${shown.startsWith('..') ? pagesDir : shown || '.'} in ${Math.round(performance.now() - started)} ms: ${written.join('; ')}`,
)
if (failed.length > 0) {
  console.error(`prerender-pages: ${failed.length} pages not rendered (${failed.join(', ')}): they load their data in the browser`)
  process.exit(1)
}
