// The published tree the benches render pages from (bench-lcp.mjs, bench-prerender.mjs): the
// snapshots in publish's shapes (publish/SNAPSHOTS.md), made from the site's test fixtures at
// Ohio's size and more.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'testing', 'fixtures')

/**
 * writeBenchTree writes into dir/api the status snapshot of `dispensaries` dispensaries, the
 * homepage's and the status panel's snapshots, and with shop a menu of storeOffers offers for
 * each of those stores, dealsPerRegion deals in each region and Menus' first page of flower.
 */
export function writeBenchTree(dir, { dispensaries, shop, storeOffers = 150, dealsPerRegion = 800, now = Date.now() }) {
  fs.mkdirSync(path.join(dir, 'api'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'api', 'DispensaryStatus'), JSON.stringify(statusSnapshot(now, dispensaries)))
  for (const [name, fixture] of [
    ['statistics', 'statistics.json'],
    ['announcements', 'announcements.json'],
    ['pipeline', 'pipeline.json'],
  ]) {
    fs.copyFileSync(path.join(fixturesDir, fixture), path.join(dir, 'api', name))
  }
  if (shop) writeShopSnapshots(dir, { dispensaries, storeOffers, dealsPerRegion, now })
}

// A snapshot in publish's shape: DISPENSARIES dispensaries, most monitored with
// one or two markets, dates spread over the last two days so every state shows.
function statusSnapshot(now, DISPENSARIES) {
  const cities = ['Akron', 'Columbus', 'Cincinnati', 'Cleveland', 'Dayton', 'Toledo', 'Athens', 'Canton', 'Lima', 'Marietta']
  const hoursAgo = (h) => (h === null ? null : new Date(now - h * 3_600_000).toISOString())
  return Array.from({ length: DISPENSARIES }, (_, i) => {
    const monitored = i % 7 !== 0
    const markets = !monitored ? [] : i % 3 === 0 ? ['recreational', 'medical'] : ['medical']
    const city = cities[i % cities.length]
    return {
      name: `Bench Dispensary ${i + 1}`,
      location: `${100 + i} Main St., ${city}`,
      slug: `bench-dispensary-${i + 1}`,
      city,
      address: `${100 + i} Main St.`,
      region: ['Northeast', 'Northwest', 'Central', 'Southwest', 'Southeast'][i % 5],
      monitored,
      marketStatuses: markets.map((market, m) => {
        const h = (k) => (k % 11 === 0 ? null : ((i * 5 + m * 3 + k * 7) % 48) + 0.5)
        return {
          market,
          lastFlower: hoursAgo(h(1)),
          lastPreroll: hoursAgo(h(2)),
          lastVape: hoursAgo(h(3)),
          lastExtract: hoursAgo(h(4)),
          lastEdible: hoursAgo(h(5)),
          lastFlowerCount: 40 + (i % 30),
          lastPrerollCount: 10 + (i % 9),
          lastVapeCount: 20 + (i % 13),
          lastExtractCount: i % 4 === 0 ? -1 : 8,
          lastEdibleCount: 12,
        }
      }),
    }
  })
}

// Deals, Menus and the store pages.
// Their snapshots in publish's shapes, made from the site's test fixtures at Ohio's
// size (--store-offers, --deals-per-region): a store's menu of STORE_OFFERS offers for each of the DISPENSARIES stores of
// the status snapshot, DEALS_PER_REGION deals in each region, Menus' first page of
// flower as published.
function writeShopSnapshots(dir, { dispensaries: DISPENSARIES, storeOffers: STORE_OFFERS, dealsPerRegion: DEALS_PER_REGION, now }) {
  const shop = (name) => JSON.parse(fs.readFileSync(path.join(fixturesDir, 'shop', name), 'utf8'))
  const write = (name, value) => {
    fs.mkdirSync(path.dirname(path.join(dir, 'api', name)), { recursive: true })
    fs.writeFileSync(path.join(dir, 'api', name), JSON.stringify(value))
  }
  // The fixtures were published on 2026-07-01: moved to now, as a publish just before the
  // visit would have them, so the menus show as current rather than months old.
  const publishedNow = (file) => {
    const value = shop(file)
    const shift = now - Date.parse(value.generatedAt)
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/
    return JSON.parse(JSON.stringify(value), (_, v) => (typeof v === 'string' && iso.test(v) ? new Date(Date.parse(v) + shift).toISOString() : v))
  }
  write('search/stores', publishedNow('search-stores.json'))
  write('search/flower/first', publishedNow('search-flower-first.json'))
  const menu = shop('menus-bloom-akron.json')
  const fresh = (market, h) => ({
    ...market,
    categories: Object.fromEntries(
      Object.entries(market.categories).map(([c, v]) => [c, { ...v, lastUpdate: new Date(now - h * 3_600_000).toISOString() }]),
    ),
  })
  for (let i = 1; i <= DISPENSARIES; i++) {
    // The fixture's first market's offers, repeated to STORE_OFFERS, each a product of its own;
    // as columns, the way publish writes a menu (publish/SNAPSHOTS.md).
    const market = menu.markets[0]
    const from = Array.from({ length: STORE_OFFERS }, (_, k) => k % market.offers.product.length)
    const column = (columns, name, at) => from.map((j, k) => at(columns[name][j], k, j))
    const same = (columns, name) => column(columns, name, (v) => v)
    const products = Object.fromEntries(
      Object.keys(menu.products).map((name) => [name, from.map((j) => menu.products[name][market.offers.product[j]])]),
    )
    products.code = products.code.map((code, k) => `${code}-${k}`)
    products.name = products.name.map((name, k) => `${name} ${k + 1}`)
    const offered = Object.fromEntries(
      Object.keys(market.offers)
        .filter((name) => name !== 'saleLows')
        .map((name) => [name, same(market.offers, name)]),
    )
    // saleLows is a list of the offers with a sale's low (publish/SNAPSHOTS.md), not a column: each repeated offer keeps its own.
    if (market.offers.saleLows) {
      const lows = new Map(market.offers.saleLows.map((low) => [low.offer, low]))
      offered.saleLows = from.flatMap((j, k) => (lows.has(j) ? [{ ...lows.get(j), offer: k }] : []))
    }
    offered.product = from.map((_, k) => k)
    offered.price = column(market.offers, 'price', (price, k) => price + (k % 17))
    write(`menus/bench-dispensary-${i}`, {
      ...menu,
      slug: `bench-dispensary-${i}`,
      name: `Bench Dispensary ${i}`,
      markets: [{ ...fresh(market, i % 30), offers: offered }],
      products,
    })
  }
  const index = shop('deals-index.json')
  const deals = shop('deals-northeast.json').deals
  for (const r of index.regions) {
    r.count = DEALS_PER_REGION
    write(r.path.replace(/^\/?api\//, ''), {
      generatedAt: index.generatedAt,
      sample: false,
      region: r.region,
      deals: Array.from({ length: DEALS_PER_REGION }, (_, k) => {
        const d = deals[k % deals.length]
        return {
          ...d,
          code: `${d.code}-${k}`,
          name: `${d.name} ${k + 1}`,
          discount: ((k * 7) % 60) / 100 + 0.05,
          lastUpdate: new Date(now - 3_600_000).toISOString(),
        }
      }),
    })
  }
  write('deals/index', index)
}
