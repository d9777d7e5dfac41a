import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
// env is parsed when this import runs: a bad VITE_* variable stops the app
// here with an EnvError that lists every problem.
import { env, pushConfigured } from '../config/env'
import { readPageData } from '../api/page-data'
import { LOADING_TEXT, NOT_FOUND_PAGE } from '../config/early-data'
import { appPath } from '../config/site-base'
import { withoutTracking } from '../config/tracking-params'
import { App } from './app'
import { preloadScreen } from './router'
import './global.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element to render the site into')

// A page pre-rendered for this very path is hydrated (React keeps the HTML of
// a screen whose code is still loading until it arrives); anything else, like
// the shell served for an unknown path, is rendered from scratch.
// data-prerendered is the app's path (without the base path the site may be served under).
const normalize = (path: string) => path.replace(/\/+$/, '') || '/'
const prerendered = container.dataset.prerendered
const pathname = appPath(window.location.pathname)
const samePath = prerendered !== undefined && normalize(prerendered) === normalize(pathname)
// A page whose content follows the URL's query (Deals, Menus, a store) was rendered for
// the query in its data-query (none: the default search); opened with another, it is
// rendered afresh, from the snapshots it carries, rather than hydrated as something else
// (what a share adds to count visits, utm_source or fbclid, is no query of its own).
const { query } = container.dataset
const hydrating = samePath && (query === undefined || query === withoutTracking(window.location.search))
// A store's page opened with one of its product types only shows that type's first offers from
// its HTML (global.css): the early script marks the root data-type-shown with the type when it
// keeps that view, which it does only at the page's own path for a query it was not rendered
// for. The app renders that view afresh over them, its first rows first as on any view it
// renders afresh.
const typeShown = container.dataset.typeShown !== undefined
// The snapshots the page came with, read first: those are not downloaded again.
const fallback = samePath ? readPageData(hydrating) : undefined
// The screen's code and snapshots download while React hydrates the layout.
const screenReady = preloadScreen(pathname)
// 404.html's "not found" is hidden until the early script has run (global.css); were that
// script refused or broken, the app's own not-found screen must still show.
document.documentElement.removeAttribute('data-early')
// The type view's CSS lasts until React's first commit replaces the page it holds; on any other
// page it ends now, so that a store's sections the app renders later are never hidden by it.
if (typeShown) endTypeViewAtCommit(container)
else document.documentElement.removeAttribute('data-url-type')
if (hydrating) {
  hydrateRoot(
    container,
    <StrictMode>
      <App fallback={fallback} />
    </StrictMode>,
  )
} else {
  if (prerendered !== NOT_FOUND_PAGE && !typeShown) showLoading(container)
  const root = createRoot(container)
  // Rendered as a transition, React keeps the page as it is (its "Loading this page…") until
  // it has something to show; the screen, should its code still be on its way, says the same
  // words in the meantime (AppLayout), where a plain render put up the route's "Loading page"
  // spinner in between (for 400–950 ms at 4x CPU slowdown, recorded frame by frame). A page
  // showing a type's offers waits for the screen's code instead: those words would replace them.
  const render = () =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App fallback={fallback} />
        </StrictMode>,
      ),
    )
  if (typeShown) void screenReady.then(render)
  else render()
}

/**
 * endTypeViewAtCommit ends the view of one product type a store's page shows from its HTML
 * (global.css, keyed on data-url-type) once React's first commit has replaced the page's
 * content: kept after, it would hide the sections of a type chosen in the form.
 */
function endTypeViewAtCommit(root: HTMLElement) {
  const observer = new MutationObserver(() => {
    document.documentElement.removeAttribute('data-url-type')
    observer.disconnect()
  })
  observer.observe(root, { childList: true })
}

/**
 * showLoading leaves a page rendered for another path or query its frame (header, menu, footer)
 * and says its main part is loading, until React's first commit replaces the whole page (React
 * empties the container then). Emptying the container here left the page blank, header and
 * all, for as long as React took to render (300 ms at 4x CPU slowdown for a store's page).
 * 404.html is left as it is: the early script already says a screen of the app is loading there,
 * and an unknown path's "not found" is what the app will show too.
 */
function showLoading(root: HTMLElement) {
  const main = root.querySelector('main')
  if (!main) return root.replaceChildren()
  const note = document.createElement('p')
  note.setAttribute('role', 'status')
  note.textContent = LOADING_TEXT
  main.replaceChildren(note)
}

// The service worker (offline copies, the update prompt) registers after start, its code
// loaded then: nothing on screen waits for it.
if (import.meta.env.PROD) void import('../lib/service-worker').then(({ registerServiceWorker }) => registerServiceWorker())
// Push notifications' token refresh: it loads the messaging SDK only when notifications were
// turned on here and the token is 7 days old, and never asks permission. Its code is not part of
// the first load, and a site without push settings never fetches it.
if (pushConfigured(env.firebase)) void import('../features/accounts/lib/push-setup').then(({ refreshPushOnStart }) => refreshPushOnStart())
