/// <reference lib="webworker" />
// The wishlist's alerts in the service worker: checks the saved products on a
// periodic background sync (where the browser offers it), on each visit (a page load), and
// when a page asks (alerts just turned on); shows a notification per change and opens the
// product's page when one is clicked. Everything it reads is the public api/products/<code>
// snapshots and what the page kept in IndexedDB: nothing leaves the browser.
//
// The wishlist's check (features/wishlist/lib/alert-check.ts) with its rules and stored state
// (features/offers/lib/alert-rules.ts, alert-store.ts: shared, as saving a product on any screen
// records it) are the one part of the pages' code the worker shares (eslint.config.js says so).
import { checkSavedProducts } from '../features/wishlist/lib/alert-check'
import { ALERTS_SYNC_TAG, CHECK_MESSAGE, CHECKED_MESSAGE, readAlertState, rememberWatch } from '../features/offers/lib/alert-store'

declare const self: ServiceWorkerGlobalScope

/** PeriodicSyncEvent is the periodicsync event (Periodic Background Sync), not yet in TypeScript's lib. */
type PeriodicSyncEvent = ExtendableEvent & { tag: string }

async function fetchJson(url: string): Promise<unknown> {
  // no-cache: the server's answer (a cheap 304 when unchanged), never an old copy of the HTTP cache.
  const response = await fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } })
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  return response.json()
}

async function checkOnce(): Promise<void> {
  try {
    const result = await checkSavedProducts({
      read: readAlertState,
      remember: rememberWatch,
      fetchJson,
      notify: (notice, tag, url) =>
        self.registration.showNotification(notice.title, {
          body: notice.body,
          tag,
          data: { url },
          icon: new URL('favicon.svg', self.location.href).href,
        }),
      nowMs: Date.now(),
    })
    if (result.failed.length) console.warn(`wishlist alerts: ${result.failed.length} product(s) not checked:\n${result.failed.join('\n')}`)
  } catch (error) {
    // IndexedDB unavailable (a private window may refuse it): no alerts, the site goes on.
    console.warn('wishlist alerts: check failed', error)
  }
  for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage({ type: CHECKED_MESSAGE })
}

// One check at a time: what is asked during a check (a page load, a settings change) runs once
// after it, however often it was asked, so two checks never alert for the same change.
let running: Promise<void> | null = null
let again = false
function requestCheck(): Promise<void> {
  if (running) {
    again = true
    return running
  }
  running = (async () => {
    do {
      again = false
      await checkOnce()
    } while (again)
  })().finally(() => {
    running = null
  })
  return running
}

self.addEventListener('periodicsync', (event) => {
  const e = event as PeriodicSyncEvent
  if (e.tag === ALERTS_SYNC_TAG) e.waitUntil(requestCheck())
})

// Each visit: a page load (not the app's own moves between screens) checks too, so a browser
// without background sync still alerts, and one with it is not left waiting for its schedule.
self.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate') event.waitUntil(requestCheck())
})

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === CHECK_MESSAGE) event.waitUntil(requestCheck())
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = (event.notification.data as { url?: unknown } | null)?.url
  // Only this site's pages (the page wrote the address; anything else is not ours to open).
  if (typeof url !== 'string' || new URL(url).origin !== self.location.origin) return
  event.waitUntil(
    (async () => {
      const open = (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).find((c) => c.url === url)
      if (open) await open.focus()
      else await self.clients.openWindow(url)
    })(),
  )
})
