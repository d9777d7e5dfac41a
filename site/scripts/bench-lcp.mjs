#!/usr/bin/env node
// The data pages' first paint, in headless Chromium with the CPU slowed down 4×
// (CDP), served from localhost the way omc serve does (gzip, /api/* as JSON): the
// Dispensary Status page with 2,000 dispensaries and the homepage, each rendered
// after a publish with its snapshots (scripts/prerender-pages.mjs, run here on a
// published tree made up for the bench), and the status page as the build alone
// renders it (its cards fetched in the browser: a server with omc worker alone).
// Per run: when the page's pre-rendered paragraph is painted, when its first card
// (status) or statistic (homepage) is (each as Element Timing reports it: the frame
// that first showed it), Largest Contentful Paint, and on the status
// page the slowest keystroke in the search (Event Timing: input to next paint).
// Times on one machine do not carry to another, so each is also given as a ratio
// to the paragraph's paint in the same run, beside the machine's floor: a blank
// pre-rendered page's paragraph paint and load.
// Needs a built site (npm run build). Fails when a median is over its budget:
// the first card or statistic within --ratio-budget × the paragraph and under
// --budget-ms, the keystroke under --key-budget-ms.
// Usage: node scripts/bench-lcp.mjs [--runs 5] [--budget-ms 1000] [--ratio-budget 1.2] [--key-budget-ms 100] [--stores 2000]
//          [--scenes status,home,status-built,deals,menus,store] [--build dist[,dist-other]]
//   --scenes  the pages to measure (default all; the floor always): status-built is the status page
//             as the build alone renders it; without deals, menus and store no store page is rendered.
//   --build   the site builds to measure (directories in site/, as OMC_SITE_OUT names them). Each is
//             served by its own server with the pages its own pre-rendering bundle renders (another
//             build's pages load scripts it does not have); several are measured interleaved in one
//             run, so a change can be compared with the build before it under the same load.
//   --profile DIR  writes a CPU profile (CDP Profiler, from navigation to the last key) of each
//             run of the status page into DIR, and lists each keystroke's input delay, handlers
//             and paint, to find what a slow key waited for (open a profile in Chromium's DevTools).
//   --trace DIR  writes a Chromium performance trace of each run of each page into DIR, from the
//             navigation to the first card's paint (parsing, layout, paint, script: what the first
//             paint waited for; open one in DevTools' Performance panel).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

import { launchChromium } from '../e2e/processes.mjs'
import { writeBenchTree } from './bench-tree.mjs'
import { paintsOf, watchPaints } from './paint-marks.mjs'

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const RUNS = arg('--runs', 5)
const BUDGET_MS = arg('--budget-ms', 1000)
const RATIO_BUDGET = arg('--ratio-budget', 1.2)
const KEY_BUDGET_MS = arg('--key-budget-ms', 100)
const DISPENSARIES = arg('--stores', 2000)
const CPU_SLOWDOWN = 4
const names = (name, fallback) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? (process.argv[i + 1] ?? '').split(',').filter(Boolean) : fallback
}
const BUILDS = names('--build', ['dist'])
const SCENE_KEYS = ['status', 'home', 'status-built', 'deals', 'menus', 'store']
const WANTED = names('--scenes', SCENE_KEYS)
const PROFILE_DIR = names('--profile', [])[0]
if (PROFILE_DIR) fs.mkdirSync(PROFILE_DIR, { recursive: true })
const TRACE_DIR = names('--trace', [])[0]
if (TRACE_DIR) fs.mkdirSync(TRACE_DIR, { recursive: true })
const unknown = WANTED.filter((k) => !SCENE_KEYS.includes(k))
if (unknown.length) {
  console.error(`bench-lcp: --scenes ${unknown.join(',')}: not a scene (${SCENE_KEYS.join(', ')})`)
  process.exit(2)
}
for (const build of BUILDS) {
  if (!fs.existsSync(path.join(siteDir, build, 'dispensary-status', 'index.html'))) {
    console.error(`bench-lcp: ${build}/dispensary-status/index.html not found; run npm run build first (OMC_SITE_OUT=${build} for another build)`)
    process.exit(2)
  }
}
// A published tree for the bench (bench-tree.mjs): DISPENSARIES dispensaries in the status
// snapshot, the homepage's and the status panel's snapshots as published, and the store pages'
// (2,000 of them) only for the scenes that show shop data; the data pages rendered from it as a
// publish renders them.
const treeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'omc-bench-lcp-'))
process.on('exit', () => fs.rmSync(treeDir, { recursive: true, force: true }))
writeBenchTree(treeDir, {
  dispensaries: DISPENSARIES,
  shop: WANTED.some((k) => ['deals', 'menus', 'store'].includes(k)),
  storeOffers: arg('--store-offers', 150),
  dealsPerRegion: arg('--deals-per-region', 800),
})
// Each build's pages, rendered by that build's own bundle.
const rendered = BUILDS.map((build) => {
  const started = performance.now()
  const pages = path.join(treeDir, `pages-${build.replace(/[\\/]/g, '_')}`)
  const output = execFileSync(process.execPath, [path.join(siteDir, 'scripts', 'prerender-pages.mjs'), '--build', build, '--pages', pages, treeDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  })
  return { build, pages, output, ms: performance.now() - started }
})

// The floor: the built page with its pre-rendered paragraph only, no script.
const template = fs.readFileSync(path.join(siteDir, BUILDS[0], '404.html'), 'utf8')
const blank = template
  .replace(/<script type="module"[^>]*><\/script>/g, '')
  .replace(/<link rel="modulepreload"[^>]*>/g, '')
  .replace(/<div id="root"[\s\S]*<\/body>/, '<div id="root"><main><p class="intro">A blank pre-rendered page.</p></main></div></body>')

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

function send(req, res, body, type, cache) {
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
  res.writeHead(200, { 'Content-Type': type, 'Cache-Control': cache, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) })
  res.end(gzip ? zlib.gzipSync(body) : body)
}

// <path>?built is the build's own page for <path>, as a tree published without
// pre-rendering serves it (the app ignores the query); without it a page path gets
// the page rendered after the publish when there is one.
const serve = (distDir, pagesDir) => (req, res) => {
  const { pathname, searchParams } = new URL(req.url, 'http://localhost')
  if (pathname === '/floor') return send(req, res, Buffer.from(blank), TYPES['.html'], 'no-cache')
  if (pathname.startsWith('/api/')) {
    const file = path.join(treeDir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''))
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return send(req, res, fs.readFileSync(file), 'application/json; charset=utf-8', 'no-cache')
    res.writeHead(404, { 'Content-Type': 'application/json' })
    return res.end('{}')
  }
  const built = searchParams.has('built')
  const clean = path.normalize(pathname).replace(/^(\.\.[/\\])+/, '')
  const published = path.join(pagesDir, clean, 'index.html')
  let file = path.join(distDir, clean)
  if (!built && fs.existsSync(published)) file = published
  else if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html')
  if (!fs.existsSync(file)) file = path.join(distDir, 'index.html')
  const cache = clean.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'
  send(req, res, fs.readFileSync(file), TYPES[path.extname(file)] ?? 'application/octet-stream', cache)
}
// One server per build: their pages load scripts from the same paths.
const servers = []
for (const { build, pages } of rendered) {
  const server = http.createServer(serve(path.join(siteDir, build), pages))
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push({ build, server, origin: `http://127.0.0.1:${server.address().port}` })
}

const browser = await launchChromium()

/** PAGES are the pages that can be measured (--scenes): the pre-rendered paragraph and the first piece of data (selectors), and whether to type in the status search. */
const PAGES = {
  status: { name: 'status', url: '/dispensary-status', paragraph: 'main p.intro', first: 'main article', what: 'first card', type: true },
  home: {
    name: 'home',
    url: '/',
    paragraph: 'main section[aria-labelledby="welcome-heading"] p',
    first: 'main #top-strains-heading',
    what: 'first statistic',
  },
  'status-built': {
    name: 'status, build only',
    url: '/dispensary-status?built',
    paragraph: 'main p.intro',
    first: 'main article',
    what: 'first card',
  },
  ...shopScenes(),
}
/** SCENES are the pages measured, for each build (named after it when there are several), and the floor. */
const SCENES = {}
for (const key of SCENE_KEYS.filter((k) => WANTED.includes(k))) {
  for (const { build, origin } of servers) SCENES[servers.length > 1 ? `${PAGES[key].name} [${build}]` : PAGES[key].name] = { ...PAGES[key], origin }
}
SCENES.floor = { url: '/floor', paragraph: 'main p.intro', origin: servers[0].origin }

async function measure(scene) {
  // A fresh context each run: a first visit, nothing cached, no service worker.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' })
  const page = await context.newPage()
  const snapshotRequests = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) snapshotRequests.push(new URL(r.url()).pathname)
  })
  await page.addInitScript(() => {
    window.__lcp = []
    window.__keys = []
    window.__keyEntries = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__lcp.push({ t: e.startTime, size: e.size, el: e.element?.tagName ?? '' })
    }).observe({ type: 'largest-contentful-paint', buffered: true })
    // Every keyboard interaction: from the key press to the next paint.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.interactionId || !e.name.startsWith('key')) continue
        window.__keys.push(e.duration)
        window.__keyEntries.push({
          name: e.name,
          start: e.startTime,
          delay: e.processingStart - e.startTime,
          handlers: e.processingEnd - e.processingStart,
          duration: e.duration,
        })
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  })
  await page.addInitScript(watchPaints, scene.first ? { paragraph: scene.paragraph, first: scene.first } : { paragraph: scene.paragraph })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  const profiling = PROFILE_DIR && scene.type
  if (profiling) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.start')
  }
  const traceFile = TRACE_DIR && path.join(TRACE_DIR, `${(scene.name ?? 'floor').replace(/[^a-z0-9-]+/gi, '_')}-${Date.now()}.json`)
  if (traceFile) await browser.startTracing(page, { path: traceFile })
  const painted = paintsOf(page)
  await page.goto(`${scene.origin}${scene.url}`, { waitUntil: 'load' })
  await painted
  // Let the paints be reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 500))))
  if (traceFile) await browser.stopTracing()
  if (scene.type) {
    // Type a city into the search, one key at a time as a person would.
    const box = page.getByRole('searchbox', { name: 'Name or city' })
    await box.click()
    await box.pressSequentially('dayton', { delay: 150 })
    await page.waitForFunction(() => document.querySelectorAll('main article').length > 0)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))))
  }
  if (profiling) {
    const { profile } = await cdp.send('Profiler.stop')
    const file = path.join(PROFILE_DIR, `${scene.name}-${Date.now()}.cpuprofile`)
    fs.writeFileSync(file, JSON.stringify(profile))
    const keys = await page.evaluate(() => window.__keyEntries)
    console.log(`bench-lcp: ${file}`)
    for (const k of keys) {
      console.log(
        `  ${k.name} at ${k.start.toFixed(0)} ms: waited ${k.delay.toFixed(0)}, handlers ${k.handlers.toFixed(0)}, to next paint ${k.duration.toFixed(0)} ms`,
      )
    }
  }
  const r = await page.evaluate(() => ({
    entries: window.__lcp,
    paragraphAt: window.__painted.paragraph,
    firstAt: window.__painted.first,
    keys: window.__keys,
    load: performance.getEntriesByType('navigation')[0]?.loadEventStart ?? NaN,
  }))
  await context.close()
  const last = r.entries.at(-1)
  // A key faster than the 16 ms threshold is not reported: it counts as 16.
  return {
    lcp: last?.t ?? NaN,
    lcpEl: last?.el ?? '',
    paragraphAt: r.paragraphAt,
    firstAt: r.firstAt,
    load: r.load,
    slowestKey: scene.type ? Math.max(16, ...r.keys) : undefined,
    snapshotRequests,
  }
}

const results = Object.fromEntries(Object.keys(SCENES).map((name) => [name, []]))
try {
  // One run of each first, not counted: Chromium's own start-up (disk cache, code
  // caches of the browser itself) is not the page's doing.
  for (const scene of Object.values(SCENES)) await measure(scene)
  // Runs interleaved, so a change in the machine's load touches every page alike.
  for (let i = 0; i < RUNS; i++) for (const [name, scene] of Object.entries(SCENES)) results[name].push(await measure(scene))
} finally {
  await browser.close()
  for (const { server } of servers) server.close()
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const list = (values, digits = 0) => values.map((t) => t.toFixed(digits)).join(', ')
const load = os.loadavg()
console.log(
  `data pages' first paint, CPU ${CPU_SLOWDOWN}x slower, ${os.cpus().length} CPUs, load average ${load.map((l) => l.toFixed(2)).join(' ')}, ${RUNS} runs each (medians; ratios to the paragraph's paint in the same run):`,
)
for (const { build, output, ms } of rendered) {
  console.log(
    `  pre-rendering after the publish for ${build}: ${ms.toFixed(0)} ms (the data pages: ${DISPENSARIES} dispensaries${WANTED.includes('store') ? ' and as many store pages' : ''}, one node process)`,
  )
  console.log(`  ${output.trim()}`)
}
const floor = results.floor
const floorParagraph = median(floor.map((r) => r.paragraphAt))
console.log(
  `  floor, a blank pre-rendered page: paragraph painted ${list(floor.map((r) => r.paragraphAt))} ms, median ${floorParagraph.toFixed(0)}; load ${median(floor.map((r) => r.load)).toFixed(0)} ms`,
)
let failed = false
const over = (message) => {
  console.error(`bench-lcp: ${message}`)
  failed = true
}
for (const [name, scene] of Object.entries(SCENES)) {
  if (name === 'floor') continue
  const runs = results[name]
  const paragraph = median(runs.map((r) => r.paragraphAt))
  const first = median(runs.map((r) => r.firstAt))
  const ratios = runs.map((r) => r.firstAt / r.paragraphAt)
  const ratio = median(ratios)
  const lcp = median(runs.map((r) => r.lcp))
  const requests = [...new Set(runs.flatMap((r) => r.snapshotRequests))]
  console.log(`  ${name} (${scene.url}${name.startsWith('status') ? `, ${DISPENSARIES} dispensaries` : ''}):`)
  console.log(
    `    paragraph painted (ms): ${list(runs.map((r) => r.paragraphAt))}; median ${paragraph.toFixed(0)} (${(paragraph / floorParagraph).toFixed(2)}× the floor)`,
  )
  console.log(
    `    ${scene.what} painted (ms): ${list(runs.map((r) => r.firstAt))}; median ${first.toFixed(0)}; ratio to the paragraph ${list(ratios, 2)}, median ${ratio.toFixed(2)}`,
  )
  // The figure the page is held to, beside its floor (its own pre-rendered paragraph, painted in the same run).
  console.log(
    `    ${scene.what}${name.includes('build only') ? '' : ' after a publish'}: ${first.toFixed(0)} ms — floor ${paragraph.toFixed(0)} ms (its paragraph) — ${ratio.toFixed(2)}x — goal <= ${RATIO_BUDGET}x, ${ratio <= RATIO_BUDGET ? 'met' : 'NOT met'} (load ${load[0].toFixed(2)})`,
  )
  console.log(`    LCP (ms): ${runs.map((r) => `${r.lcp.toFixed(0)} (${r.lcpEl})`).join(', ')}; median ${lcp.toFixed(0)}`)
  console.log(`    snapshots requested: ${requests.length ? requests.join(', ') : 'none'}`)
  if (scene.type) {
    const key = median(runs.map((r) => r.slowestKey))
    console.log(
      `    slowest keystroke in the search, to next paint (ms): ${list(runs.map((r) => r.slowestKey))}; median ${key.toFixed(0)}, budget < ${KEY_BUDGET_MS}`,
    )
    if (!(key < KEY_BUDGET_MS)) over(`${name}: median keystroke ${key.toFixed(0)} ms is not under ${KEY_BUDGET_MS} ms`)
  }
  // The budgets hold for the pages rendered after a publish; the build-only page is there to compare.
  if (name.includes('build only')) continue
  if (!(ratio <= RATIO_BUDGET)) over(`${name}: median ${scene.what} at ${ratio.toFixed(2)}× the paragraph, over ${RATIO_BUDGET}×`)
  if (!(first <= BUDGET_MS)) over(`${name}: median ${scene.what} at ${first.toFixed(0)} ms, over ${BUDGET_MS} ms`)
}
if (failed) process.exit(1)

/** shopScenes: Deals' and Menus' first result and a store page's first offer, against the pre-rendered paragraph (a store's name for its page). */
function shopScenes() {
  return {
    deals: { name: 'deals', url: '/dispensary-deals', paragraph: 'main p.lead', first: 'main table.offer-rows tbody tr', what: 'first deal' },
    menus: { name: 'menus', url: '/dispensary-menus', paragraph: 'main p.lead', first: 'main table.offer-rows tbody tr', what: 'first result' },
    store: {
      name: 'store',
      url: '/dispensary-menus/bench-dispensary-1',
      paragraph: 'main h1',
      first: 'main table.offer-rows tbody tr',
      what: 'first offer',
    },
  }
}
