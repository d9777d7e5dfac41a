import { createStore, getMany, set, setMany, type UseStore } from 'idb-keyval'
import { clampThreshold, DEFAULT_THRESHOLD, type Watch } from './alert-rules'

// What the wishlist's alerts keep, in IndexedDB: a service worker cannot read localStorage,
// where the wishlist itself lives (wishlist.ts). The page writes the settings and the saved
// codes whenever they change; the worker's checks write what they saw. Each is a key of its
// own, so a page saving a product never overwrites what a check is writing.
//
// idb-keyval (about 0.6 kB gzip): get/set by key is all this needs, and the page and the
// worker share it; `idb`, a wrapper of the whole IndexedDB API, is several times larger and
// would only add transactions and cursors nothing here uses.

/** ALERTS_SYNC_TAG names the periodic background sync the page registers and the worker answers. */
export const ALERTS_SYNC_TAG = 'omc-wishlist-alerts'
/** CHECK_MESSAGE asks the worker for a check now; CHECKED_MESSAGE tells the pages one ended. */
export const CHECK_MESSAGE = 'OMC_ALERTS_CHECK'
export const CHECKED_MESSAGE = 'OMC_ALERTS_CHECKED'

/** AlertSettings are the shopper's choices, and where the worker finds the snapshots and pages. */
export type AlertSettings = {
  on: boolean
  /** threshold is the price drop that alerts, in whole percent. */
  threshold: number
  /** background: the browser checks on its own (Periodic Background Sync is registered). */
  background: boolean
  /** productsUrl is where api/products/<code> is, with a trailing slash ("https://host/api/products/"). */
  productsUrl: string
  /** pagesUrl is where a product's page is, with a trailing slash ("https://host/product/"). */
  pagesUrl: string
}

/** AlertState is everything a check reads. */
export type AlertState = { settings: AlertSettings; codes: string[]; watch: Record<string, Watch>; checkedAt: string | null }

export const ALERTS_OFF: AlertSettings = { on: false, threshold: DEFAULT_THRESHOLD, background: false, productsUrl: '', pagesUrl: '' }

let db: UseStore | undefined
// Opened on first use, not on import: pre-rendering and unit tests have no IndexedDB.
const store = () => (db ??= createStore('omc-alerts', 'state'))

/** isRecord tells a JSON object (not an array, not null). */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const CODE = /^[a-z0-9-]+$/

/** parseSettings keeps what is valid of stored settings (an older or damaged copy falls back piece by piece). */
export function parseSettings(raw: unknown): AlertSettings {
  if (!isRecord(raw)) return ALERTS_OFF
  const url = (v: unknown) => (typeof v === 'string' && /^https?:\/\/.+\/$/.test(v) ? v : '')
  const settings = {
    on: raw.on === true,
    threshold: clampThreshold(raw.threshold),
    background: raw.background === true,
    productsUrl: url(raw.productsUrl),
    pagesUrl: url(raw.pagesUrl),
  }
  // Without both addresses a check could fetch nothing: off.
  return settings.productsUrl && settings.pagesUrl ? settings : { ...settings, on: false }
}

/** parseWatch keeps the well-formed entries of what the checks remembered. */
export function parseWatch(raw: unknown): Record<string, Watch> {
  const watch: Record<string, Watch> = {}
  if (!isRecord(raw)) return watch
  for (const [code, w] of Object.entries(raw)) {
    if (!CODE.test(code) || !isRecord(w) || typeof w.inStock !== 'boolean') continue
    const reference = typeof w.reference === 'number' && Number.isInteger(w.reference) && w.reference >= 0 ? w.reference : null
    watch[code] = { inStock: w.inStock, reference }
  }
  return watch
}

/** readAlertState reads everything a check needs. */
export async function readAlertState(): Promise<AlertState> {
  const [settings, codes, watch, checkedAt] = await getMany(['settings', 'codes', 'watch', 'checkedAt'], store())
  return {
    settings: parseSettings(settings),
    codes: Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string' && CODE.test(c)) : [],
    watch: parseWatch(watch),
    checkedAt: typeof checkedAt === 'string' ? checkedAt : null,
  }
}

/** saveAlertSettings keeps the shopper's choices. */
export const saveAlertSettings = (settings: AlertSettings) => set('settings', settings, store())

/** saveAlertCodes keeps the codes of the saved products, which the checks fetch. */
export const saveAlertCodes = (codes: readonly string[]) => set('codes', [...codes], store())

/** rememberWatch keeps what a check saw, and when. */
export const rememberWatch = (watch: Record<string, Watch>, checkedAt: string) =>
  setMany(
    [
      ['watch', watch],
      ['checkedAt', checkedAt],
    ],
    store(),
  )

/** forgetWatch drops what the checks saw: alerts turned off observe nothing, so turned on again they start afresh. */
export const forgetWatch = () =>
  setMany(
    [
      ['watch', {}],
      ['checkedAt', null],
    ],
    store(),
  )
