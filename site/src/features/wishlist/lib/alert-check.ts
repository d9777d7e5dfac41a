import { nextWatch, noticeOf, sight, type Notice, type Watch, type WatchedOffer, type WatchedProduct } from '@/features/offers/lib/alert-rules'
import { isRecord, type AlertState } from '@/features/offers/lib/alert-store'

/** ALERT_TAG_PREFIX starts a notification's tag: a product's newer alert replaces its older one. */
export const ALERT_TAG_PREFIX = 'omc-alert-'

// One check of the saved products, as the service worker runs it (src/sw/alerts.ts): on a
// periodic background sync, on each visit, and once when the alerts are turned on. Its parts
// are passed in (what is stored, the fetch, the notification), so the unit tests run it whole.

/** CheckDeps is what a check reads and writes. */
export type CheckDeps = {
  /** read returns what the page saved (settings, codes) and what the last check remembered. */
  read: () => Promise<AlertState>
  /** remember keeps what this check saw, for the next. */
  remember: (watch: Record<string, Watch>, checkedAt: string) => Promise<void>
  /** fetchJson loads a snapshot (settings.productsUrl + code): its JSON, or null when publish wrote none (404). */
  fetchJson: (url: string) => Promise<unknown>
  /** notify shows one notification: tag replaces an earlier one of the same product, url is its page. */
  notify: (notice: Notice, tag: string, url: string) => Promise<void>
  nowMs: number
}

/** CheckResult says what a check did, for the worker's log and the tests. */
export type CheckResult = { checked: number; alerts: number; failed: string[] }

const MARKETS = ['medical', 'recreational']
const UNITS = ['g', '100mg']

function readOffer(raw: unknown, i: number): WatchedOffer {
  if (!isRecord(raw)) throw new Error(`offers[${i}] is not an object`)
  const { storeName, city, market, price, salePrice, unitPrice, unit, lastUpdate } = raw
  if (typeof storeName !== 'string' || typeof city !== 'string') throw new Error(`offers[${i}]: no store name or city`)
  if (typeof market !== 'string' || !MARKETS.includes(market))
    throw new Error(`offers[${i}]: market ${JSON.stringify(market)} is not medical or recreational`)
  if (typeof price !== 'number' || !(price >= 0)) throw new Error(`offers[${i}]: price ${JSON.stringify(price)} is not a price`)
  if (salePrice !== null && (typeof salePrice !== 'number' || !(salePrice >= 0)))
    throw new Error(`offers[${i}]: salePrice ${JSON.stringify(salePrice)} is not a price`)
  return {
    storeName,
    city,
    market: market as WatchedOffer['market'],
    price,
    salePrice,
    unitPrice: typeof unitPrice === 'number' ? unitPrice : null,
    unit: typeof unit === 'string' && UNITS.includes(unit) ? (unit as WatchedOffer['unit']) : null,
    lastUpdate: typeof lastUpdate === 'string' ? lastUpdate : null,
  }
}

/**
 * readWatchedProduct checks the part of a product snapshot the alerts read (the site's full
 * schema, valibot's, stays out of the worker to keep it small) and says what is wrong otherwise.
 */
export function readWatchedProduct(raw: unknown, code: string): WatchedProduct {
  if (!isRecord(raw)) throw new Error(`products/${code}: not a JSON object`)
  if (raw.code !== code) throw new Error(`products/${code}: code is ${JSON.stringify(raw.code)}`)
  if (typeof raw.name !== 'string') throw new Error(`products/${code}: no name`)
  if (!Array.isArray(raw.offers)) throw new Error(`products/${code}: offers is not a list`)
  let offers: WatchedOffer[]
  try {
    offers = raw.offers.map(readOffer)
  } catch (error) {
    throw new Error(`products/${code}: ${(error as Error).message}`, { cause: error })
  }
  return { code, name: raw.name, size: typeof raw.size === 'string' ? raw.size : '', sample: raw.sample === true, offers }
}

/**
 * checkSavedProducts fetches each saved product, applies the rules (alert-rules.ts) and shows
 * their alerts. Nothing happens while the alerts are off. A product that cannot be fetched or
 * read this time is left as the last check remembered it (no alert made up from a failure) and
 * named in failed; the others go on. Products no longer saved are forgotten.
 */
export async function checkSavedProducts(deps: CheckDeps): Promise<CheckResult> {
  const { settings, codes, watch } = await deps.read()
  if (!settings.on) return { checked: 0, alerts: 0, failed: [] }
  const next: Record<string, Watch> = {}
  const failed: string[] = []
  let alerts = 0
  let checked = 0
  for (const code of codes) {
    let product: WatchedProduct | null
    try {
      const raw = await deps.fetchJson(`${settings.productsUrl}${code}`)
      product = raw === null ? null : readWatchedProduct(raw, code)
    } catch (error) {
      failed.push(`${code}: ${(error as Error).message}`)
      if (watch[code]) next[code] = watch[code]
      continue
    }
    checked++
    const { watch: seen, alert } = nextWatch(watch[code], sight(product, deps.nowMs), settings.threshold)
    next[code] = seen
    if (!alert || !product) continue
    try {
      await deps.notify(noticeOf(alert, product, deps.nowMs), `${ALERT_TAG_PREFIX}${code}`, `${settings.pagesUrl}${code}`)
      alerts++
    } catch (error) {
      // Not shown (notifications blocked since): the change stays unseen, to alert at a later check.
      failed.push(`${code}: notification: ${(error as Error).message}`)
      if (watch[code]) next[code] = watch[code]
      else delete next[code]
    }
  }
  await deps.remember(next, new Date(deps.nowMs).toISOString())
  return { checked, alerts, failed }
}
