import { snapshotUrl } from '@/api/fetcher'
import { routes } from '@/config/routes'
import { sitePath } from '@/config/site-base'
import { ALERTS_SYNC_TAG, CHECK_MESSAGE, forgetWatch, saveAlertCodes, saveAlertSettings, type AlertSettings } from '@/features/offers/lib/alert-store'

// The page's side of the wishlist's alerts: asking the browser for notifications and for
// background checks, and keeping the settings where the service worker reads them
// (alert-store.ts). The checks themselves run in the worker (src/sw/alerts.ts).

/** BACKGROUND_EVERY_MS asks for a background check about as often as omc publishes (every 4 hours); the browser may wait longer. */
export const BACKGROUND_EVERY_MS = 4 * 3_600_000

/** PeriodicSync is the registration's periodicSync (Periodic Background Sync), not yet in TypeScript's lib. */
type PeriodicSync = { register: (tag: string, options: { minInterval: number }) => Promise<void>; unregister: (tag: string) => Promise<void> }
const periodicSyncOf = (registration: ServiceWorkerRegistration | undefined) =>
  (registration as (ServiceWorkerRegistration & { periodicSync?: PeriodicSync }) | undefined)?.periodicSync

/** alertsSupported tells whether this browser can show the alerts: notifications, a service worker, IndexedDB. */
export function alertsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'indexedDB' in window
}

/** activeWorker is the site's service worker once active, undefined when none is installed (a development build, a refusing browser). */
async function activeWorker(): Promise<ServiceWorkerRegistration | undefined> {
  const registration = await navigator.serviceWorker.getRegistration()
  return registration ? navigator.serviceWorker.ready : undefined
}

/** askForBackground registers the periodic sync where the browser offers it and allows it for this site. */
async function askForBackground(registration: ServiceWorkerRegistration): Promise<boolean> {
  const sync = periodicSyncOf(registration)
  if (!sync || !navigator.permissions) return false
  try {
    const { state } = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName })
    if (state !== 'granted') return false
    await sync.register(ALERTS_SYNC_TAG, { minInterval: BACKGROUND_EVERY_MS })
    return true
  } catch {
    // Refused (Chromium allows it to installed sites only): the checks on each visit remain.
    return false
  }
}

/** TurnOn is what turning the alerts on came to. */
export type TurnOn = { ok: true; settings: AlertSettings } | { ok: false; reason: 'denied' | 'no-worker' }

/**
 * turnAlertsOn asks for permission to notify, registers the background checks where offered,
 * keeps the settings and the saved codes, and asks the worker for a first check (which only
 * records what it sees: see alert-rules.ts).
 */
export async function turnAlertsOn(threshold: number, codes: readonly string[]): Promise<TurnOn> {
  if ((await Notification.requestPermission()) !== 'granted') return { ok: false, reason: 'denied' }
  const registration = await activeWorker()
  if (!registration) return { ok: false, reason: 'no-worker' }
  const settings: AlertSettings = {
    on: true,
    threshold,
    background: await askForBackground(registration),
    productsUrl: snapshotUrl('products/').href,
    pagesUrl: new URL(sitePath(routes.product.path.replace(':code', '')), window.location.href).href,
  }
  await saveAlertCodes(codes)
  await forgetWatch()
  await saveAlertSettings(settings)
  registration.active?.postMessage({ type: CHECK_MESSAGE })
  return { ok: true, settings }
}

/** turnAlertsOff stops the checks and forgets what they saw: turned on again, they start afresh. */
export async function turnAlertsOff(settings: AlertSettings): Promise<AlertSettings> {
  const off = { ...settings, on: false, background: false }
  await saveAlertSettings(off)
  await forgetWatch()
  const registration = await navigator.serviceWorker.getRegistration()
  await periodicSyncOf(registration)
    ?.unregister(ALERTS_SYNC_TAG)
    .catch(() => undefined)
  return off
}
