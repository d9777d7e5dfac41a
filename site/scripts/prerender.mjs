#!/usr/bin/env node
// Pre-renders every public page after `vite build` (SEO and first paint): builds
// src/app/prerender.tsx for Node, renders each path into the built index.html and
// writes dist/<path>/index.html (dist/index.html for /), for each alias of a page a small
// page leading to it (dist/<alias>/index.html: prerender-html.mjs aliasHtml), dist/404.html
// (dist/ or the directory OMC_SITE_OUT names, see out-dir.mjs) for static
// hosts that serve it for unknown paths, robots.txt and, when VITE_SITE_URL is
// set, sitemap.xml (a sitemap needs absolute URLs, so it needs the site's address).
// The bundle and the built index.html stay in node_modules/.tmp/prerender-<build>
// for scripts/prerender-pages.mjs, which renders the data pages after a publish.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { outDir as distDir, outName, scratchDir, siteDir } from './out-dir.mjs'
import { jsonScript, pageFile, pageHtml, pageStyles, ssrEntry, SSR_TEMPLATE, writeAliasPages, writeFile } from './prerender-html.mjs'

// The id of the <script> holding a page's community-page snapshots (src/api/page-data.ts).
const BUILT_WITH_ID = 'omc-prerender-data'

const ssrDir = scratchDir('prerender')

await build({
  root: siteDir,
  configFile: path.join(siteDir, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'src/app/prerender.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
})
const entry = ssrEntry(ssrDir)
if (!entry) throw new Error(`prerender: no prerender.js in ${ssrDir}`)
const { render, contentFor, PUBLIC_PATHS, CANONICAL_PATHS, aliasPagesOf, routeModuleOf, env, sitemapXml, robotsTxt, withCspMeta, BASE_PATH } =
  await import(pathToFileURL(entry).href)
const stylesOf = pageStyles(distDir, routeModuleOf, BASE_PATH)

// Community pages are rendered with their content when a published tree is
// given (OMC_PRERENDER_DATA=DIR, as `omc publish --out DIR` writes it; the
// Taskfile's site:build does this), so their HTML carries the content itself.
const dataDir = process.env.OMC_PRERENDER_DATA ? path.resolve(process.env.OMC_PRERENDER_DATA) : ''
if (dataDir && !fs.existsSync(path.join(dataDir, 'api', 'content', 'index'))) {
  throw new Error(`prerender: OMC_PRERENDER_DATA=${dataDir} has no api/content/index (run omc publish --out there)`)
}

// Every page carries the Content-Security-Policy in a <meta> element, so it holds on hosts
// that send no headers (GitHub Pages): omc prints it from the one definition
// (publish/headers.go) for this build's inline scripts and origins (csp.json) and the
// published content (the chat page's widget), as _headers and omc serve send it.
const omcBin = process.env.OMC_BIN || path.join(siteDir, '..', 'bin', 'omc')
if (!fs.existsSync(omcBin)) {
  throw new Error(`prerender: no omc binary at ${omcBin} to print the pages' Content-Security-Policy (go tool task build:go, or set OMC_BIN)`)
}
// The alias pages first: `omc csp` finds the hash of their one script in them, so the
// site's policy (these pages', _headers', omc serve's) allows it as their own policy does.
let aliases = 0
for (const pagePath of PUBLIC_PATHS) {
  aliases += (await writeAliasPages(distDir, aliasPagesOf(pagePath), writeFile)).wrote
}
const policy = execFileSync(omcBin, ['csp', '--dir', distDir, '--out', dataDir], { encoding: 'utf8' })

const template = withCspMeta(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'), policy)
if (!template.includes('<div id="root"></div>')) throw new Error(`prerender: ${outName}/index.html has no empty <div id="root"></div>`)
// Kept beside the bundle for scripts/prerender-pages.mjs, which renders the data pages
// again after each publish: dist/index.html is about to become the homepage.
fs.writeFileSync(path.join(ssrDir, SSR_TEMPLATE), template)

function contentOf(pagePath) {
  if (!dataDir) return {}
  const content = {}
  for (const name of contentFor(pagePath)) {
    const file = path.join(dataDir, 'api', name)
    if (fs.existsSync(file)) content[name] = JSON.parse(fs.readFileSync(file, 'utf8'))
  }
  return content
}

/**
 * page puts a rendered body into the template, with its title (and canonical link when the site
 * URL is known). The build's pages load the app from their head (pageHtml, appAtOnce).
 */
const page = (pagePath, body, content = {}) =>
  pageHtml({
    appAtOnce: true,
    template,
    pagePath,
    body,
    canonical: env.siteUrl && pagePath !== '404' ? env.siteUrl + pagePath : undefined,
    scripts: Object.keys(content).length === 0 ? '' : jsonScript(BUILT_WITH_ID, content),
    styles: stylesOf(pagePath),
  })

let count = 0
for (const pagePath of PUBLIC_PATHS) {
  const content = contentOf(pagePath)
  const { html } = await render(pagePath, content)
  if (html.includes('The page you requested was not found!')) throw new Error(`prerender ${pagePath}: rendered the not-found screen`)
  writeFile(pageFile(distDir, pagePath), page(pagePath, html, content))
  count++
}
const notFound = await render('/this-page-does-not-exist')
writeFile(path.join(distDir, '404.html'), page('404', notFound.html))

if (env.siteUrl) {
  writeFile(path.join(distDir, 'sitemap.xml'), sitemapXml(env.siteUrl, CANONICAL_PATHS))
} else {
  fs.rmSync(path.join(distDir, 'sitemap.xml'), { force: true })
  console.warn('prerender: VITE_SITE_URL is not set, so no sitemap.xml (it needs absolute URLs)')
}
writeFile(path.join(distDir, 'robots.txt'), robotsTxt(env.siteUrl))
console.log(
  `prerender: ${count} pages${dataDir ? ' (community pages with their content)' : ''}, ${aliases} alias pages leading to them, 404.html, robots.txt${env.siteUrl ? ', sitemap.xml' : ''}`,
)
