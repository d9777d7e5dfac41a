import { freshnessOf } from '@/lib/freshness'
import { formatAge, formatCost } from '@/lib/format'
import { formatUnitPrice, MARKET_LABEL, pricePaid, type Unit } from '@/lib/unit-price'

// The wishlist's alerts: when a saved product is back in stock, or its lowest price
// paid drops by at least the shopper's threshold. Pure: the service worker (src/sw/alerts.ts)
// runs these rules on what it fetched and what it remembered, and the unit tests run them on
// series worked out by hand.

/** WatchedOffer is what the alerts read of an offer of api/products/<code> (publish/SNAPSHOTS.md). */
export type WatchedOffer = {
  storeName: string
  city: string
  market: 'medical' | 'recreational'
  price: number
  salePrice: number | null
  unitPrice: number | null
  unit: Unit | null
  lastUpdate: string | null
}

/** WatchedProduct is what the alerts read of api/products/<code>. */
export type WatchedProduct = { code: string; name: string; size: string; sample: boolean; offers: WatchedOffer[] }

/** Sighting is a saved product as one check found it. */
export type Sighting = {
  /** inStock: in stock at one menu or more that is current or stale now. */
  inStock: boolean
  /** lowest is the lowest price paid at those menus, in cents (null when out of stock). */
  lowest: number | null
  /** cheapest is the offer with that price (the first one of equals), null when out of stock. */
  cheapest: WatchedOffer | null
  /** menus counts the menus it is in stock at. */
  menus: number
}

const cents = (o: WatchedOffer) => Math.round(pricePaid(o.price, o.salePrice) * 100)

/**
 * sight reads a product snapshot (null: publish writes none, no menu lists it) at nowMs. A
 * snapshot lists in-stock offers from current and stale menus as of its publishing, but it
 * ages on a CDN and in the worker's cache: freshness is decided again now, so an offer whose
 * menu has since gone missing does not count.
 */
export function sight(product: WatchedProduct | null, nowMs: number): Sighting {
  const offers = (product?.offers ?? []).filter((o) => freshnessOf(o.lastUpdate, nowMs) !== 'missing')
  if (offers.length === 0) return { inStock: false, lowest: null, cheapest: null, menus: 0 }
  const cheapest = offers.reduce((best, o) => (cents(o) < cents(best) ? o : best))
  return { inStock: true, lowest: cents(cheapest), cheapest, menus: offers.length }
}

/** Watch is what the alerts remember of a saved product between checks. */
export type Watch = {
  /** inStock as the last check saw it. */
  inStock: boolean
  /** reference is the price paid (cents) a drop is measured from; null until seen in stock. */
  reference: number | null
}

/** Alert is one notification: a product back in stock, or its price dropped. */
export type Alert = { kind: 'back'; sighting: Sighting } | { kind: 'drop'; sighting: Sighting; from: number; percent: number }

/** DEFAULT_THRESHOLD is the drop, in percent, that alerts when the shopper chose none. */
export const DEFAULT_THRESHOLD = 10
/** MIN_THRESHOLD and MAX_THRESHOLD bound the drop a shopper can ask for, in whole percent. */
export const MIN_THRESHOLD = 1
export const MAX_THRESHOLD = 90

/** clampThreshold turns any value into a whole percent the rules accept (the default when it is not a number). */
export function clampThreshold(value: unknown): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : DEFAULT_THRESHOLD
  return Math.min(MAX_THRESHOLD, Math.max(MIN_THRESHOLD, n))
}

/**
 * nextWatch applies the rules to what a check saw (now) after what the last check remembered
 * (before: undefined for a product never checked) and returns what to remember and the alert
 * to show, if any. At most one alert per product per check, and a change alerts once: the
 * next check compares with what this one remembered.
 *
 * 1. The first check of a product only records: no history was observed, so none is claimed.
 * 2. Out of stock now: recorded, no alert (the wishlist itself says what is gone).
 * 3. Back in stock: out of stock at the last check, in stock now: an alert; drops are measured
 *    from the price it came back at.
 * 4. Price drop: in stock both times and the lowest price paid is at least `threshold` % under
 *    the reference: an alert, and the reference moves down to that new low.
 *    Hysteresis, so a price hovering around the threshold alerts once: the reference moves
 *    down only with an alert, and up only when the price climbs at least half the threshold
 *    above it (then to that higher price). A price that bounces between just under and just
 *    over a threshold therefore alerts at its first dip and never again, and after an alert a
 *    new one needs a real rise (more than half the threshold) and then a full drop.
 */
export function nextWatch(before: Watch | undefined, now: Sighting, threshold: number): { watch: Watch; alert: Alert | null } {
  const t = clampThreshold(threshold)
  if (!now.inStock || now.lowest === null) return { watch: { inStock: false, reference: before?.reference ?? null }, alert: null }
  const seen: Watch = { inStock: true, reference: now.lowest }
  if (!before) return { watch: seen, alert: null }
  if (!before.inStock) return { watch: seen, alert: { kind: 'back', sighting: now } }
  const reference = before.reference ?? now.lowest
  // In whole cents and whole percent: lowest ≤ reference × (1 − t/100), exactly.
  if (now.lowest * 100 <= reference * (100 - t)) {
    return { watch: seen, alert: { kind: 'drop', sighting: now, from: reference, percent: Math.floor(((reference - now.lowest) * 100) / reference) } }
  }
  // lowest ≥ reference × (1 + t/200): a real rise, from which later drops are measured.
  if (now.lowest * 200 >= reference * (200 + t)) return { watch: seen, alert: null }
  return { watch: { inStock: true, reference }, alert: null }
}

/** Notice is an alert as a notification: its title and text. */
export type Notice = { title: string; body: string }

/**
 * noticeOf words an alert in the site's voice: what happened, then the cheapest offer as every
 * offer is shown (size, price paid with the regular price when on sale, unit price, market,
 * store, how fresh its menu is), and "Sample data" when it is.
 */
export function noticeOf(alert: Alert, product: Pick<WatchedProduct, 'name' | 'size' | 'sample'>, nowMs: number): Notice {
  const o = alert.sighting.cheapest!
  const paid = pricePaid(o.price, o.salePrice)
  const price = paid < o.price ? `${formatCost(paid)} on sale (regular ${formatCost(o.price)})` : formatCost(paid)
  const menus = alert.sighting.menus === 1 ? '1 menu' : `${alert.sighting.menus} menus`
  const offer = `${product.size ? `${product.size}, ` : ''}${price}, ${formatUnitPrice(o.unitPrice, o.unit)}, ${MARKET_LABEL[o.market]} at ${o.storeName}, ${o.city} (menu updated ${formatAge(Date.parse(o.lastUpdate ?? ''), nowMs)}).`
  const sample = product.sample ? ' Sample data.' : ''
  if (alert.kind === 'back') return { title: `Back in stock: ${product.name}`, body: `In stock at ${menus}. Cheapest: ${offer}${sample}` }
  return {
    title: `Price drop: ${product.name}`,
    body: `Lowest price down ${alert.percent} % from ${formatCost(alert.from / 100)}: ${offer}${sample}`,
  }
}
