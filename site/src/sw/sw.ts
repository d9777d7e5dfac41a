/// <reference lib="webworker" />
// The service worker (built to /sw.js by scripts/build-sw.mjs, registered by
// src/lib/service-worker.ts through workbox-window).
//
// - The app shell (HTML of every pre-rendered page, scripts, styles, images)
//   is precached, so the site opens offline; a new deployment installs a new
//   worker, which waits until the visitor accepts the reload the page offers.
// - Snapshots (/api/*) are network-first: always the latest when online. The
//   copy kept for offline use is stamped with the time it was saved, and that
//   stamp (X-OMC-Saved-At) only reaches the page when the copy is used, so the
//   page can say how old the data is.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import type { WorkboxPlugin } from 'workbox-core'
// The wishlist's alerts: periodic background sync, checks on each visit, notifications.
import './alerts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] }

const SAVED_AT_HEADER = 'X-OMC-Saved-At'

cleanupOutdatedCaches()

// /events is pre-rendered as /events/index.html.
precacheAndRoute(self.__WB_MANIFEST, {
  directoryIndex: 'index.html',
  cleanURLs: false,
  urlManipulation: ({ url }) => [new URL(`${url.pathname.replace(/\/$/, '')}/index.html`, url)],
})

// Any other page (a not-found path, a later screen's URL) gets the shell; the
// app sees it was pre-rendered for another path and renders this one. Not the deal
// feeds (/feeds/*.atom, linked from Deals): opening one shows the feed, not the app.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/feeds\//] }))

const stampSavedAt: WorkboxPlugin = {
  async cacheWillUpdate({ response }) {
    if (response.status !== 200) return null
    const headers = new Headers(response.headers)
    headers.set(SAVED_AT_HEADER, String(Date.now()))
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers })
  },
}

registerRoute(
  ({ request, url }) => request.method === 'GET' && (/\/api\//.test(url.pathname) || url.pathname.endsWith('/manifest.json')),
  // no-cache: ask the server every time (a cheap 304 when unchanged) rather than
  // take the browser's HTTP cache for the network, so an answer is either
  // really fresh or the stamped offline copy.
  new NetworkFirst({ cacheName: 'omc-snapshots', plugins: [stampSavedAt], fetchOptions: { cache: 'no-cache' } }),
)

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})
