#!/usr/bin/env node
// The pre-rendering after a publish (scripts/prerender-pages.mjs) at 2,000 stores: the time and
// peak memory (max RSS, /usr/bin/time) of a full render, of a run where nothing changed and of a
// run where 5 % of the stores' menus changed price, on a published tree made up for the bench
// (bench-tree.mjs: the status snapshot, Deals, Menus and a menu of 150 offers for each store).
// Each run is a process of its own, as after a publish. Checks that the unchanged run renders
// no store page again and the 5 % run exactly the changed ones, then prints each figure beside
// its goal: unchanged <= 30 % of the full render, the 5 % run <= 5 s; with the machine's load.
// Needs a built site (npm run build). Exits 1 when a goal is not met.
// Usage: node scripts/bench-prerender.mjs [--stores 2000] [--changed 0.05] [--build dist]
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

import { writeBenchTree } from './bench-tree.mjs'

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { values } = parseArgs({
  options: {
    stores: { type: 'string', default: '2000' },
    changed: { type: 'string', default: '0.05' },
    build: { type: 'string', default: 'dist' },
  },
})
const STORES = Number(values.stores)
const CHANGED = Number(values.changed)
if (!(Number.isInteger(STORES) && STORES > 0)) fail(`--stores ${values.stores}: give a whole number of stores`)
if (!(CHANGED > 0 && CHANGED < 1)) fail(`--changed ${values.changed}: give the share of stores that change, between 0 and 1`)
const TIME = '/usr/bin/time'
if (!fs.existsSync(TIME)) fail(`${TIME} not found: it measures each run's peak memory (apt-get install time)`)
// The goals: a run where nothing changed at most this share of a full render, the 5 % run at most this long.
const UNCHANGED_SHARE = 0.3
const CHANGED_MS = 5000

function fail(message) {
  console.error(`bench-prerender: ${message}`)
  process.exit(2)
}

const treeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'omc-bench-prerender-'))
process.on('exit', () => fs.rmSync(treeDir, { recursive: true, force: true }))
writeBenchTree(treeDir, { dispensaries: STORES, shop: true })

/** render runs prerender-pages.mjs once over the tree, and returns its time, peak memory and report. */
function render(extra = []) {
  const rss = path.join(treeDir, 'rss')
  const started = performance.now()
  const output = execFileSync(
    TIME,
    ['-f', '%M', '-o', rss, process.execPath, path.join(siteDir, 'scripts', 'prerender-pages.mjs'), '--build', values.build, ...extra, treeDir],
    { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
  )
  const ms = performance.now() - started
  // /usr/bin/time's %M is the peak resident set in kB.
  const maxRssKb = Number(fs.readFileSync(rss, 'utf8').trim().split('\n').at(-1))
  const stores = Number(output.match(/(\d+) store pages/)?.[1] ?? 0)
  return { ms, mb: maxRssKb / 1024, stores, output: output.trim() }
}

/** changePrices raises every price of the first share of the stores' menus by a dollar, as a publish would write them. */
function changePrices(share) {
  const n = Math.round(STORES * share)
  for (let i = 1; i <= n; i++) {
    const file = path.join(treeDir, 'api', 'menus', `bench-dispensary-${i}`)
    const menu = JSON.parse(fs.readFileSync(file, 'utf8'))
    for (const market of menu.markets) market.offers.price = market.offers.price.map((price) => price + 1)
    fs.writeFileSync(file, JSON.stringify(menu))
  }
  return n
}

const full = render(['--full'])
const unchanged = render()
const changedStores = changePrices(CHANGED)
const changed = render()

const problems = []
if (full.stores !== STORES) problems.push(`the full render rendered ${full.stores} store pages, not ${STORES}`)
if (unchanged.stores !== 0) problems.push(`the unchanged run rendered ${unchanged.stores} store pages again, not 0`)
if (changed.stores !== changedStores)
  problems.push(`the ${CHANGED * 100} % run rendered ${changed.stores} store pages, not the ${changedStores} that changed`)

const load = os.loadavg()
const met = (ok) => (ok ? 'met' : 'NOT met')
const row = (what, r) => `  ${what}: ${(r.ms / 1000).toFixed(2)} s, peak memory ${r.mb.toFixed(0)} MB (max RSS)\n    ${r.output}`
console.log(
  `pre-rendering after a publish, ${STORES} stores (each a menu of 150 offers), ${os.cpus().length} CPUs, load average ${load.map((l) => l.toFixed(2)).join(' ')}${load[0] > 1 ? ' (a loaded machine)' : ''}:`,
)
console.log(row('full render (--full)', full))
console.log(row('nothing changed', unchanged))
console.log(row(`${changedStores} stores (${CHANGED * 100} %) changed price`, changed))
console.log(`  the goals (figure — floor — ratio — goal):`)
const share = unchanged.ms / full.ms
console.log(
  `    nothing changed: ${(unchanged.ms / 1000).toFixed(2)} s — full render ${(full.ms / 1000).toFixed(2)} s — ${share.toFixed(2)}x — goal <= ${UNCHANGED_SHARE}x, ${met(share <= UNCHANGED_SHARE)}`,
)
console.log(
  `    ${CHANGED * 100} % changed: ${(changed.ms / 1000).toFixed(2)} s — full render ${(full.ms / 1000).toFixed(2)} s — ${(changed.ms / full.ms).toFixed(2)}x — goal <= ${CHANGED_MS / 1000} s, ${met(changed.ms <= CHANGED_MS)}`,
)
for (const problem of problems) console.error(`bench-prerender: ${problem}`)
if (problems.length > 0 || share > UNCHANGED_SHARE || changed.ms > CHANGED_MS) process.exitCode = 1
