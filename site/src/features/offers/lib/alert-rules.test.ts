import { describe, expect, it } from 'vitest'
import { clampThreshold, nextWatch, noticeOf, sight, type Alert, type Sighting, type Watch, type WatchedOffer } from './alert-rules'

const NOW = Date.parse('2026-11-27T12:00:00Z')
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString()

const offer = (price: number, salePrice: number | null = null, ageHours = 2, storeName = 'Bloom Akron'): WatchedOffer => ({
  storeName,
  city: 'Akron',
  market: 'recreational',
  price,
  salePrice,
  unitPrice: Math.round(((salePrice ?? price) / 3.5) * 100) / 100,
  unit: 'g',
  lastUpdate: hoursAgo(ageHours),
})
const product = (offers: WatchedOffer[], sample = false) => ({ code: 'klutch-muul-fuel-3-5g', name: 'Muul Fuel', size: '3.5g', sample, offers })

/** inStockAt is a sighting of one in-stock offer at a price paid, in dollars. */
const inStockAt = (dollars: number): Sighting => sight(product([offer(dollars)]), NOW)
const OUT: Sighting = { inStock: false, lowest: null, cheapest: null, menus: 0 }

/** run applies the rules to a series of sightings, from no history, and lists what alerted. */
function run(series: Sighting[], threshold = 10): { alerts: string[]; last: Watch | undefined } {
  let watch: Watch | undefined
  const alerts: string[] = []
  series.forEach((s, i) => {
    const next = nextWatch(watch, s, threshold)
    watch = next.watch
    if (next.alert) alerts.push(said(next.alert, i))
  })
  return { alerts, last: watch }
}
/** said writes an alert short: which check, and what. */
const said = (a: Alert, i: number) =>
  a.kind === 'back' ? `${i}: back at ${a.sighting.lowest}` : `${i}: drop ${a.from}→${a.sighting.lowest} (${a.percent} %)`

describe('sight: what a check sees of a product', () => {
  it('takes the lowest price paid (sale price when below the regular one) at current and stale menus only', () => {
    const s = sight(product([offer(45, 36, 30), offer(40, null, 2, 'Zen Leaf'), offer(20, null, 40, 'Old Menu')]), NOW)
    // $20 is at a menu 40 h old: missing, so it does not count; $36 (sale) at a stale menu does.
    expect(s).toMatchObject({ inStock: true, lowest: 3600, menus: 2 })
    expect(s.cheapest?.storeName).toBe('Bloom Akron')
  })
  it('is out of stock when publish wrote no file, no offer, or only missing menus', () => {
    expect(sight(null, NOW)).toEqual(OUT)
    expect(sight(product([]), NOW)).toEqual(OUT)
    expect(sight(product([offer(30, null, 36)]), NOW)).toEqual(OUT)
  })
})

describe('nextWatch: the change rules', () => {
  it('never alerts on the first check, in stock or not (no history observed)', () => {
    expect(nextWatch(undefined, inStockAt(10), 10)).toEqual({ watch: { inStock: true, reference: 1000 }, alert: null })
    expect(nextWatch(undefined, OUT, 10)).toEqual({ watch: { inStock: false, reference: null }, alert: null })
  })

  it('alerts once when a product out of stock at the last check is back, and measures drops from its new price', () => {
    expect(run([OUT, inStockAt(50), inStockAt(50), inStockAt(46), inStockAt(45)]).alerts).toEqual(['1: back at 5000', '4: drop 5000→4500 (10 %)'])
  })

  it('alerts again when it goes out of stock and comes back', () => {
    expect(run([inStockAt(50), OUT, inStockAt(52), OUT, OUT, inStockAt(52)]).alerts).toEqual(['2: back at 5200', '5: back at 5200'])
  })

  it('alerts a drop of exactly the threshold, not one cent less', () => {
    expect(run([inStockAt(50), inStockAt(45.01)]).alerts).toEqual([])
    expect(run([inStockAt(50), inStockAt(45)]).alerts).toEqual(['1: drop 5000→4500 (10 %)'])
  })

  it('catches a drop that comes in small steps (falls never move the reference without an alert)', () => {
    expect(run([inStockAt(50), inStockAt(48), inStockAt(46.5), inStockAt(44)]).alerts).toEqual(['3: drop 5000→4400 (12 %)'])
  })

  it('uses the shopper’s threshold', () => {
    const series = [inStockAt(40), inStockAt(34), inStockAt(30)]
    expect(run(series, 25).alerts).toEqual(['2: drop 4000→3000 (25 %)'])
    expect(run(series, 5).alerts).toEqual(['1: drop 4000→3400 (15 %)', '2: drop 3400→3000 (11 %)'])
  })

  it('alerts once while a price hovers around the threshold', () => {
    // $50, then bouncing a few cents either side of $45 (the 10 % line): one alert, at the first dip.
    const hovering = [50, 45.2, 44.9, 45.3, 44.95, 45.4, 44.9, 45.1, 44.85, 45.5, 44.9].map(inStockAt)
    expect(run(hovering).alerts).toEqual(['2: drop 5000→4490 (10 %)'])
  })

  it('needs a rise of more than half the threshold before a new drop can alert', () => {
    // After the alert at $45 a rise to $47.20 (4.9 %, under half of 10 %) leaves the reference
    // at $45, so $42.40 (10.2 % under $47.20 but 5.8 % under $45) does not alert.
    expect(run([inStockAt(50), inStockAt(45), inStockAt(47.2), inStockAt(42.4)]).alerts).toEqual(['1: drop 5000→4500 (10 %)'])
    // A rise to $47.25 (5 %) moves the reference up: $42.50 is 10 % under it.
    expect(run([inStockAt(50), inStockAt(45), inStockAt(47.25), inStockAt(42.5)]).alerts).toEqual([
      '1: drop 5000→4500 (10 %)',
      '3: drop 4725→4250 (10 %)',
    ])
  })

  it('alerts a second full drop under the last alert without a rise between', () => {
    expect(run([inStockAt(50), inStockAt(45), inStockAt(40.5)]).alerts).toEqual(['1: drop 5000→4500 (10 %)', '2: drop 4500→4050 (10 %)'])
  })

  it('keeps the reference while out of stock, and says nothing of prices then', () => {
    expect(run([inStockAt(50), OUT]).last).toEqual({ inStock: false, reference: 5000 })
  })

  it('takes whole percents between 1 and 90, 10 by default', () => {
    expect([clampThreshold(0), clampThreshold(12.4), clampThreshold(95), clampThreshold('x'), clampThreshold(Number.NaN)]).toEqual([
      1, 12, 90, 10, 10,
    ])
  })
})

describe('noticeOf: the notification’s words', () => {
  it('says what came back and its cheapest offer, as every offer is shown', () => {
    const s = sight(product([offer(45, 36), offer(40, null, 2, 'Zen Leaf')]), NOW)
    expect(noticeOf({ kind: 'back', sighting: s }, product([]), NOW)).toEqual({
      title: 'Back in stock: Muul Fuel',
      body: 'In stock at 2 menus. Cheapest: 3.5g, $36.00 on sale (regular $45.00), $10.29/g, Adult use at Bloom Akron, Akron (menu updated 2 h ago).',
    })
  })
  it('says how far the lowest price fell and from what, and when it is sample data', () => {
    const s = sight(product([offer(42)]), NOW)
    expect(noticeOf({ kind: 'drop', sighting: s, from: 5000, percent: 16 }, product([], true), NOW)).toEqual({
      title: 'Price drop: Muul Fuel',
      body: 'Lowest price down 16 % from $50.00: 3.5g, $42.00, $12.00/g, Adult use at Bloom Akron, Akron (menu updated 2 h ago). Sample data.',
    })
  })
})
