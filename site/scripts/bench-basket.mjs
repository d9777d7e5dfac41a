#!/usr/bin/env node
// The Wishlist's basket planner (src/features/wishlist/lib/basket-plan.ts) at the
// issue's ceiling: 25 products and 300 stores in range, in Chromium with 4× CPU
// slowdown, as a shopper's phone would run it. Three baskets: every store has
// every product (every single store and pair is a full plan), each store has
// each product with probability 0.85 (a few single stores, many pairs), and one
// product nowhere (no full plan: the partial search).
//
// Two figures per basket, both held to --budget-ms (50):
// - cold: the plan a shopper waits for is the first one a visit computes, run
//   while the engine still interprets the planner's code. Each cold plan is
//   timed in a fresh browser context (a new page, the module loaded anew, the
//   basket built there, then one plan), --cold-pages times per basket; the
//   median of those counts.
// - median: after one untimed plan, the same basket planned 21 times in one page.
// The floor, measured in the same run, is one plain pass over the same number
// of pair-item steps (300·299/2 pairs × 25 items) adding from a Float64Array:
// what any exact enumeration of pairs costs at least, warm.
//
// --module a.ts[,b.ts] benches other copies of the module (each path relative
// to site/ or absolute; a copy elsewhere needs its own src/lib beside it, e.g.
// `git archive <commit> site/src | tar -x -C /tmp/old`). With two, their pages
// alternate through the run, so both see the same load: an A/B.
// Usage: node scripts/bench-basket.mjs [--budget-ms 50] [--cold-pages 7] [--module a.ts,b.ts]
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { launchChromium } from '../e2e/processes.mjs'

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const option = (name, fallback) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? (process.argv[i + 1] ?? '') : fallback
}
const budgetMs = Number(option('--budget-ms', '50'))
const coldPages = Number(option('--cold-pages', '7'))
const modules = option('--module', 'src/features/wishlist/lib/basket-plan.ts').split(',').filter(Boolean)
for (const [name, value] of [
  ['--budget-ms', budgetMs],
  ['--cold-pages', coldPages],
]) {
  if (!(value > 0)) {
    console.error(`bench-basket: ${name} needs a positive number, got ${option(name)}`)
    process.exit(2)
  }
}
const CPU_SLOWDOWN = 4
const ITEMS = 25
const STORES = 300
const RUNS = 21
const CASES = ['every store has all 25', 'each product at 85% of stores', 'one product nowhere']

/** bundle is a copy of the module as the site ships it, bundled for a page (no config: only the file and what it imports). */
async function bundle(entry) {
  const [out] = await build({
    configFile: false,
    logLevel: 'silent',
    root: siteDir,
    // The app's `@/` alias (vite.config.ts): the planner imports through it.
    resolve: { alias: [{ find: /^@\//, replacement: `${path.join(siteDir, 'src')}/` }] },
    build: {
      write: false,
      minify: true,
      lib: { entry: path.resolve(siteDir, entry), name: 'BasketPlan', formats: ['iife'], fileName: 'basket-plan' },
    },
  })
  return out.output[0].code
}

/**
 * basketCase builds one of CASES in the page, seeded by its index so every page
 * gets the same basket: stores spread over Ohio, menus 0–30 h old (current or
 * stale), offers in both markets. Its source is injected into each page.
 */
function basketCase(name, ITEMS, STORES, CASES) {
  const index = CASES.indexOf(name)
  let seed = 42 + index
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
  const now = Date.now()
  const from = { latitude: 39.9862, longitude: -82.9855 }
  const stores = Array.from({ length: STORES }, (_, s) => ({
    slug: `store-${s}`,
    storeName: `Store ${s}`,
    city: 'Somewhere',
    lat: 38.5 + random() * 3.4,
    lng: -84.8 + random() * 4.3,
    lastUpdate: new Date(now - random() * 30 * 3_600_000).toISOString(),
  }))
  const has = [() => true, () => random() < 0.85, (i) => i !== 0 && random() < 0.85][index]
  const items = Array.from({ length: ITEMS }, (_, i) => ({
    code: `product-${i}`,
    name: `Product ${i}`,
    quantity: 1 + (i % 3),
    offers: stores.flatMap((st) =>
      has(i)
        ? ['recreational', 'medical'].map((market) => ({
            ...st,
            market,
            price: 10 + Math.round(random() * 9000) / 100,
            salePrice: random() < 0.2 ? 9 : null,
          }))
        : [],
    ),
  }))
  return { items, query: { market: 'recreational', from, maxMiles: 500, nowMs: now } }
}

/** openPage is a page in its own browser context with the module and basketCase loaded, its CPU slowed down. */
let pages = 0
async function openPage(browser, code) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.setContent('<!doctype html><title>basket planner bench</title>')
  // A line of its own makes each page's copy a new script: pages may share a renderer, whose
  // engine would otherwise reuse the code it compiled for an earlier page, and the plan would not be cold.
  await page.addScriptTag({ content: `${code}\n// page ${++pages}` })
  await page.addScriptTag({ content: `window.basketCase = ${basketCase.toString()}` })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  return { page, close: () => context.close() }
}

/** coldPlan is the first plan of a fresh page, in ms, with what it found. */
async function coldPlan(browser, code, name) {
  const { page, close } = await openPage(browser, code)
  try {
    return await page.evaluate(
      ({ name, ITEMS, STORES, CASES }) => {
        const { items, query } = window.basketCase(name, ITEMS, STORES, CASES)
        const t = performance.now()
        const plan = window.BasketPlan.planBasket(items, query)
        const ms = performance.now() - t
        return { ms, stores: plan.stores, plans: [plan.single && 'single', plan.pair && 'pair', plan.partial && 'partial'].filter(Boolean).join('+') }
      },
      { name, ITEMS, STORES, CASES },
    )
  } finally {
    await close()
  }
}

/** warmPlans is each case's median and slowest of RUNS plans in one page, after one untimed plan, and the floor. */
async function warmPlans(browser, code) {
  const { page, close } = await openPage(browser, code)
  try {
    return await page.evaluate(
      ({ ITEMS, STORES, RUNS, CASES }) => {
        const out = {}
        for (const name of CASES) {
          const { items, query } = window.basketCase(name, ITEMS, STORES, CASES)
          window.BasketPlan.planBasket(items, query)
          const times = []
          for (let r = 0; r < RUNS; r++) {
            const t = performance.now()
            window.BasketPlan.planBasket(items, query)
            times.push(performance.now() - t)
          }
          times.sort((a, b) => a - b)
          out[name] = { median: times[RUNS >> 1], max: times[RUNS - 1] }
        }
        // The floor: the same number of pair × item steps over a Float64Array, nothing else.
        const cost = new Float64Array(STORES * ITEMS).map(() => Math.random() * 100)
        const floors = []
        for (let r = 0; r < 5; r++) {
          const t = performance.now()
          let sum = 0
          for (let a = 0; a < STORES; a++)
            for (let b = a + 1; b < STORES; b++)
              for (let i = 0; i < ITEMS; i++) {
                const x = cost[a * ITEMS + i]
                const y = cost[b * ITEMS + i]
                sum += x <= y ? x : y
              }
          floors.push(performance.now() - t)
          if (sum < 0) throw new Error('unreachable')
        }
        floors.sort((a, b) => a - b)
        out.floor = { cold: floors[0], median: floors[2], max: floors[4] }
        return out
      },
      { ITEMS, STORES, RUNS, CASES },
    )
  } finally {
    await close()
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

const codes = await Promise.all(modules.map(bundle))
const browser = await launchChromium()
// colds[m][case]: the cold plans of module m, one per fresh page; warm[m]: its warm page.
const colds = modules.map(() => Object.fromEntries(CASES.map((c) => [c, []])))
const warm = []
try {
  // Rounds alternate the modules (and the cases), so an A/B sees one load.
  for (let round = 0; round < coldPages; round++)
    for (const name of CASES) for (let m = 0; m < modules.length; m++) colds[m][name].push(await coldPlan(browser, codes[m], name))
  for (let m = 0; m < modules.length; m++) warm.push(await warmPlans(browser, codes[m]))
} finally {
  await browser.close()
}

const load = os.loadavg().map((l) => l.toFixed(2))
console.log(
  `basket planner: ${ITEMS} products × ${STORES} stores, Chromium at ${CPU_SLOWDOWN}× CPU slowdown; cold: median of ${coldPages} fresh pages; load average ${load.join(' ')} on ${os.cpus().length} cores`,
)
const over = []
modules.forEach((module, m) => {
  if (modules.length > 1) console.log(`module ${module}`)
  console.log('case                                stores  plans          cold ms  median ms  max ms  cold plans ms')
  for (const name of CASES) {
    const runs = colds[m][name]
    const cold = median(runs.map((r) => r.ms))
    const { median: med, max } = warm[m][name]
    console.log(
      `${name.padEnd(36)}${String(runs[0].stores).padStart(6)}  ${runs[0].plans.padEnd(13)}${cold.toFixed(1).padStart(8)}${med.toFixed(1).padStart(11)}${max.toFixed(1).padStart(8)}  ${runs.map((r) => r.ms.toFixed(0)).join(' ')}`,
    )
    if (cold > budgetMs) over.push(`${module}: ${name}, cold ${cold.toFixed(1)} ms`)
    if (med > budgetMs) over.push(`${module}: ${name}, median ${med.toFixed(1)} ms`)
  }
  const f = warm[m].floor
  console.log(
    `${'floor: pair-item steps alone'.padEnd(36)}${String(STORES).padStart(6)}  ${''.padEnd(13)}${f.cold.toFixed(1).padStart(8)}${f.median.toFixed(1).padStart(11)}${f.max.toFixed(1).padStart(8)}`,
  )
})
if (over.length > 0) {
  console.error(`bench-basket: over the ${budgetMs} ms budget: ${over.join('; ')}`)
  process.exit(1)
}
console.log(`bench-basket: every cold plan's median and every warm median within ${budgetMs} ms`)
