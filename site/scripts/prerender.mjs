#!/usr/bin/env node
// Pre-renders every public page after `vite build` (SEO and first paint): builds
// src/app/prerender.tsx for Node, renders each path into the built index.html and
// writes dist/<path>/index.html (dist/index.html for /), dist/404.html
// (dist/ or the directory OMC_SITE_OUT names, see out-dir.mjs) for static
// hosts that serve it for unknown paths, robots.txt and, when VITE_SITE_URL is
// set, sitemap.xml (a sitemap needs absolute URLs, so it needs the site's address).
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { outDir as distDir, outName, scratchDir, siteDir } from './out-dir.mjs'

const ssrDir = scratchDir('prerender')

await build({
  root: siteDir,
  configFile: path.join(siteDir, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'src/app/prerender.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
})
const entry = fs.readdirSync(ssrDir).find((f) => /^prerender\.m?js$/.test(f))
if (!entry) throw new Error(`prerender: no prerender.js in ${ssrDir}`)
const { render, contentFor, PUBLIC_PATHS, CANONICAL_PATHS, canonicalPath, env, sitemapXml, robotsTxt } = await import(
  pathToFileURL(path.join(ssrDir, entry)).href
)

const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')
if (!template.includes('<div id="root"></div>')) throw new Error(`prerender: ${outName}/index.html has no empty <div id="root"></div>`)

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
const TITLE = /<title>([\s\S]*?)<\/title>/

// Community pages are rendered with their content when a published tree is
// given (OMC_PRERENDER_DATA=DIR, as `omc publish --out DIR` writes it; the
// Taskfile's site:build does this), so their HTML carries the content itself.
const dataDir = process.env.OMC_PRERENDER_DATA ? path.resolve(process.env.OMC_PRERENDER_DATA) : ''
if (dataDir && !fs.existsSync(path.join(dataDir, 'api', 'content', 'index'))) {
  throw new Error(`prerender: OMC_PRERENDER_DATA=${dataDir} has no api/content/index (run omc publish --out there)`)
}

function contentOf(pagePath) {
  if (!dataDir) return {}
  const content = {}
  for (const name of contentFor(pagePath)) {
    const file = path.join(dataDir, 'api', name)
    if (fs.existsSync(file)) content[name] = JSON.parse(fs.readFileSync(file, 'utf8'))
  }
  return content
}

// JSON inside <script>: "<" escaped so no "</script>" can end it early.
const embed = (content) =>
  Object.keys(content).length === 0
    ? ''
    : `<script type="application/json" id="omc-prerender-data">${JSON.stringify(content).replace(/</g, '\\u003c')}</script>`

/** page puts a rendered body into the template, with its title (and canonical link when the site URL is known). */
function page(pagePath, body, content = {}) {
  const match = body.match(TITLE)
  if (!match) throw new Error(`prerender ${pagePath}: the page rendered no <title>`)
  // React renders <title> where the component is; the document wants it in <head>.
  const html = body.replace(TITLE, '')
  let head = `<title>${match[1]}</title>`
  if (env.siteUrl && pagePath !== '404') head += `\n    <link rel="canonical" href="${escapeAttr(env.siteUrl + canonicalPath(pagePath))}" />`
  return template
    .replace(TITLE, head)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${escapeAttr(pagePath)}">${html}</div>${embed(content)}`)
}

function write(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
}

let count = 0
for (const pagePath of PUBLIC_PATHS) {
  const content = contentOf(pagePath)
  const { html } = await render(pagePath, content)
  if (html.includes('The page you requested was not found!')) throw new Error(`prerender ${pagePath}: rendered the not-found screen`)
  write(pagePath === '/' ? path.join(distDir, 'index.html') : path.join(distDir, pagePath.slice(1), 'index.html'), page(pagePath, html, content))
  count++
}
const notFound = await render('/this-page-does-not-exist')
write(path.join(distDir, '404.html'), page('404', notFound.html))

if (env.siteUrl) {
  write(path.join(distDir, 'sitemap.xml'), sitemapXml(env.siteUrl, CANONICAL_PATHS))
} else {
  fs.rmSync(path.join(distDir, 'sitemap.xml'), { force: true })
  console.warn('prerender: VITE_SITE_URL is not set, so no sitemap.xml (it needs absolute URLs)')
}
write(path.join(distDir, 'robots.txt'), robotsTxt(env.siteUrl))
console.log(
  `prerender: ${count} pages${dataDir ? ' (community pages with their content)' : ''}, 404.html, robots.txt${env.siteUrl ? ', sitemap.xml' : ''}`,
)
