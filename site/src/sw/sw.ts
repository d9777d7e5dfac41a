/// <reference lib="webworker" />
// The service worker (built to /sw.js by scripts/build-sw.mjs, registered by
// src/lib/service-worker.ts through workbox-window).
//
// - The app shell (HTML of every pre-rendered page, scripts, styles, images)
//   is precached, so the site opens offline; a new deployment installs a new
//   worker, which waits until the visitor accepts the reload the page offers.
// - Pages (navigations) are network-first: the homepage, the status page, Deals,
//   Menus, every store's page and the product pages are rendered again after every publish with the
//   data just published, which the build's precached copies do not have, so a
//   repeat visitor gets the published page when online and the precached one offline.
// - Snapshots (/api/*) are network-first: always the latest when online. The
//   copy kept for offline use is stamped with the time it was saved, and that
//   stamp (X-OMC-Saved-At) only reaches the page when the copy is used, so the
//   page can say how old the data is.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst, NetworkOnly } from 'workbox-strategies'
import type { WorkboxPlugin } from 'workbox-core'
// The wishlist's alerts: periodic background sync, checks on each visit, notifications.
import './alerts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] }

const SAVED_AT_HEADER = 'X-OMC-Saved-At'

// A page the network does not answer within this time comes from the precache:
// a slow connection still opens the site, as offline.
const PAGE_TIMEOUT_S = 4

cleanupOutdatedCaches()

// The path the site is served under ("/", or a sub-path like "/omc/"): the worker's
// scope, its own directory (src/lib/service-worker.ts). The precache's URLs carry it
// (scripts/build-sw.mjs), as do the pages' and the feeds' paths.
const BASE_PATH = new URL(self.registration.scope).pathname

/** pageFile is the precached file of a page: /events is pre-rendered as /events/index.html. */
const pageFile = (url: URL) => `${url.pathname.replace(/\/$/, '')}/index.html`

// Navigation preload: the page's request starts while the worker is still
// starting up, so asking the network first costs no extra round of start-up.
self.addEventListener('activate', (event) => event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve()))

/**
 * offlinePage answers a page the network could not give: its precached copy, or
 * for any other path (a not-found path, a later screen's URL) the shell, which
 * sees it was pre-rendered for another path and renders this one. Not the deal
 * feeds (/feeds/*.atom, linked from Deals): opening one offline fails as the
 * browser would, rather than show the app.
 */
const offlinePage: WorkboxPlugin = {
  async handlerDidError({ request }) {
    const url = new URL(request.url)
    if (url.pathname.startsWith(`${BASE_PATH}feeds/`)) return undefined
    return (await matchPrecache(pageFile(url))) ?? (await matchPrecache(`${BASE_PATH}index.html`))
  },
}

// Registered before the precache's route, which would otherwise answer the
// pages it holds from the cache first.
registerRoute(new NavigationRoute(new NetworkOnly({ networkTimeoutSeconds: PAGE_TIMEOUT_S, plugins: [offlinePage] })))

precacheAndRoute(self.__WB_MANIFEST, {
  directoryIndex: 'index.html',
  cleanURLs: false,
  urlManipulation: ({ url }) => [new URL(pageFile(url), url)],
})

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
