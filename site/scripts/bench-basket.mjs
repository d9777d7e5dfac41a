#!/usr/bin/env node
// The Wishlist's basket planner (src/features/shop/lib/basket-plan.ts) at the
// issue's ceiling: 25 products and 300 stores in range, in Chromium with 4× CPU
// slowdown, as a shopper's phone would run it. Three baskets: every store has
// every product (every single store and pair is a full plan), each store has
// each product with probability 0.85 (a few single stores, many pairs), and one
// product nowhere (no full plan: the partial search). Each basket's plan is
// timed once cold (the first plan a visit computes) and then 21 times; the
// floor, measured in the same page and run, is one plain pass over the same
// number of pair-item steps (300·299/2 pairs × 25 items) adding from a
// Float64Array: what any exact enumeration of pairs costs at least.
// Fails when a median is over --budget-ms (50).
// Usage: node scripts/bench-basket.mjs [--budget-ms 50]
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { launchChromium } from '../e2e/processes.mjs'

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const flag = process.argv.indexOf('--budget-ms')
const budgetMs = flag > 0 ? Number(process.argv[flag + 1]) : 50
if (!(budgetMs > 0)) {
  console.error(`bench-basket: --budget-ms needs a positive number, got ${process.argv[flag + 1]}`)
  process.exit(2)
}
const CPU_SLOWDOWN = 4
const ITEMS = 25
const STORES = 300
const RUNS = 21

// The module as the site ships it, bundled for a page (no config: only this file and what it imports).
const [bundle] = await build({
  configFile: false,
  logLevel: 'silent',
  root: siteDir,
  build: {
    write: false,
    minify: true,
    lib: { entry: path.join(siteDir, 'src/features/shop/lib/basket-plan.ts'), name: 'BasketPlan', formats: ['iife'], fileName: 'basket-plan' },
  },
})
const code = bundle.output[0].code

const browser = await launchChromium()
const rows = []
try {
  const page = await browser.newPage()
  const cdp = await page.context().newCDPSession(page)
  await page.setContent('<!doctype html><title>basket planner bench</title>')
  await page.addScriptTag({ content: code })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  const results = await page.evaluate(
    ({ ITEMS, STORES, RUNS }) => {
      let seed = 42
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
      const now = Date.now()
      const from = { latitude: 39.9862, longitude: -82.9855 }
      // Stores spread over Ohio, menus 0–30 h old (current or stale), both markets.
      const stores = Array.from({ length: STORES }, (_, s) => ({
        slug: `store-${s}`,
        storeName: `Store ${s}`,
        city: 'Somewhere',
        lat: 38.5 + random() * 3.4,
        lng: -84.8 + random() * 4.3,
        lastUpdate: new Date(now - random() * 30 * 3_600_000).toISOString(),
      }))
      const basket = (has) =>
        Array.from({ length: ITEMS }, (_, i) => ({
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
      const cases = {
        'every store has all 25': basket(() => true),
        'each product at 85% of stores': basket(() => random() < 0.85),
        'one product nowhere': basket((i) => i !== 0 && random() < 0.85),
      }
      const query = { market: 'recreational', from, maxMiles: 500, nowMs: now }
      const out = []
      for (const [name, items] of Object.entries(cases)) {
        let t = performance.now()
        const first = window.BasketPlan.planBasket(items, query)
        const cold = performance.now() - t
        const times = []
        for (let r = 0; r < RUNS; r++) {
          t = performance.now()
          window.BasketPlan.planBasket(items, query)
          times.push(performance.now() - t)
        }
        times.sort((a, b) => a - b)
        out.push({
          name,
          stores: first.stores,
          plans: [first.single && 'single', first.pair && 'pair', first.partial && 'partial'].filter(Boolean).join('+'),
          cold,
          median: times[RUNS >> 1],
          max: times[RUNS - 1],
        })
      }
      // The floor: the same number of pair × item steps over a Float64Array, nothing else.
      const cost = new Float64Array(STORES * ITEMS).map(() => random() * 100)
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
      out.push({ name: 'floor: pair-item steps alone', stores: STORES, plans: '', cold: floors[0], median: floors[2], max: floors[4] })
      return out
    },
    { ITEMS, STORES, RUNS },
  )
  rows.push(...results)
} finally {
  await browser.close()
}

const load = os.loadavg().map((l) => l.toFixed(2))
console.log(
  `basket planner: ${ITEMS} products × ${STORES} stores, Chromium at ${CPU_SLOWDOWN}× CPU slowdown; load average ${load.join(' ')} on ${os.cpus().length} cores`,
)
console.log('case                                stores  plans          cold ms  median ms  max ms')
for (const r of rows)
  console.log(
    `${r.name.padEnd(36)}${String(r.stores).padStart(6)}  ${r.plans.padEnd(13)}${r.cold.toFixed(1).padStart(8)}${r.median.toFixed(1).padStart(11)}${r.max.toFixed(1).padStart(8)}`,
  )
const over = rows.filter((r) => !r.name.startsWith('floor') && r.median > budgetMs)
if (over.length > 0) {
  console.error(`bench-basket: over the ${budgetMs} ms budget: ${over.map((r) => `${r.name} (${r.median.toFixed(1)} ms)`).join(', ')}`)
  process.exit(1)
}
console.log(`bench-basket: every median within ${budgetMs} ms`)
