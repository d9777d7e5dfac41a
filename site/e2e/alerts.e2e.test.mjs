// Browser test of the wishlist's alerts on the demo: a shopper saves a product, turns the
// alerts on, the published snapshot of the product changes, and the service worker, woken
// by a periodic background sync (dispatched through the DevTools protocol, as Chromium's
// scheduler would) or by the next visit, shows the notification. Then axe-core on the
// Wishlist with its alerts panel, light and dark, at 390 and 1280 px.
//
// The site: OMC_E2E_URL (a running site) or OMC_BIN (runs `omc demo`), as in
// demo.e2e.test.mjs. Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, test } from 'node:test'
import { axeViolations, browserAgainstSite, resultsDir, watchCsp } from './processes.mjs'

const SYNC_TAG = 'omc-wishlist-alerts'

/** run holds the site under test and Chromium once started, and every problem seen. */
const run = { site: null, browser: null, problems: [] }
browserAgainstSite('omc demo (alerts)', (started) => Object.assign(run, started))

const url = (pathname) => new URL(pathname.replace(/^\//, ''), run.site).href

/**
 * newPage opens a page in a fresh context with the service worker allowed and notifications
 * granted; background: Periodic Background Sync granted too (Chromium gives it to installed
 * sites only, so the test grants it through the DevTools protocol). Errors, CSP violations
 * and requests off the test host are problems.
 */
async function newPage({ background = false } = {}) {
  const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' })
  await watchCsp(context, (violation) => run.problems.push(`CSP: ${violation}`))
  await context.grantPermissions(['notifications'], { origin: run.site.origin })
  const page = await context.newPage()
  if (background) {
    const { targetInfo } = await (await context.newCDPSession(page)).send('Target.getTargetInfo')
    // Granting replaces what was granted: notifications again, with background sync.
    await (
      await run.browser.newBrowserCDPSession()
    ).send('Browser.grantPermissions', {
      origin: run.site.origin,
      permissions: ['notifications', 'periodicBackgroundSync'],
      browserContextId: targetInfo.browserContextId,
    })
  }
  page.on('pageerror', (error) => run.problems.push(`${page.url()}: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') run.problems.push(`${page.url()}: console: ${message.text()}`)
  })
  context.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url())
    if ((protocol === 'http:' || protocol === 'https:') && hostname !== run.site.hostname)
      run.problems.push(`request left the test host: ${request.url()}`)
  })
  page.close = async () => context.close()
  return page
}

/** saveFirstDeal saves the first product on the Deals screen to the wishlist, as a shopper does, and returns its name and code. */
async function saveFirstDeal(page) {
  await page.goto(url('dispensary-deals'))
  const link = page.locator('tbody a[href^="/product/"]').first()
  await link.waitFor({ timeout: 30_000 })
  const name = await link.textContent()
  const code = (await link.getAttribute('href')).match(/\/product\/([a-z0-9-]+)$/)[1]
  await page
    .getByRole('button', { name: `Save to wishlist: ${name}` })
    .first()
    .click()
  // The service worker is installed and active (the alerts need it).
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null, null, { timeout: 30_000 })
  return { name, code }
}

/** publishedProduct is api/products/<code> as the demo published it. */
async function publishedProduct(code) {
  const response = await fetch(url(`api/products/${code}`))
  assert.equal(response.status, 200, `api/products/${code}`)
  return response.json()
}

/** serveProduct answers api/products/<code> with body from now on (the page's requests and the worker's). */
async function serveProduct(page, code, body) {
  await page.context().unroute(`**/api/products/${code}`)
  await page.context().route(`**/api/products/${code}`, (route) => route.fulfill({ json: body, headers: { 'Cache-Control': 'no-cache' } }))
}

/** turnOn opens the Wishlist, turns the alerts on and waits for their first check (which only records). */
async function turnOn(page, expected) {
  await page.goto(url('dispensary-wishlist'))
  const panel = page.getByRole('region', { name: 'Alerts' })
  await panel.getByRole('button', { name: 'Turn on alerts' }).click({ timeout: 30_000 })
  await panel.getByRole('status').filter({ hasText: expected }).waitFor()
  await panel
    .getByRole('status')
    .filter({ hasText: /Last checked / })
    .waitFor({ timeout: 30_000 })
  return panel
}

/** notifications lists what the site's worker shows now. */
const notifications = (page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url })),
  )

/**
 * countChecks counts, in the page, the checks the worker says it ended (it tells every window
 * of the site); checksEnded(page, n) waits until more than n have.
 */
const countChecks = (page) =>
  page.evaluate(() => {
    window.__omcChecks ??= 0
    navigator.serviceWorker.addEventListener('message', (event) => {
      if (event.data?.type === 'OMC_ALERTS_CHECKED') window.__omcChecks++
    })
  })
const checksEnded = (page, n) => page.waitForFunction((n) => window.__omcChecks > n, n, { timeout: 30_000 })

/** firePeriodicSync wakes the site's worker with a periodic sync event, as Chromium's scheduler does, and waits for its check to end. */
async function firePeriodicSync(page) {
  const cdp = await page.context().newCDPSession(page)
  const scope = url('')
  const registration = new Promise((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL === scope && !r.isDeleted)
      if (found) resolve(found.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  const ended = await page.evaluate(() => window.__omcChecks)
  await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin: run.site.origin, registrationId: await registration, tag: SYNC_TAG })
  await checksEnded(page, ended)
  await cdp.detach()
}

/** cents is a price in whole cents. */
const cents = (dollars) => Math.round(dollars * 100)
const paid = (o) => (o.salePrice !== null && o.salePrice < o.price ? o.salePrice : o.price)
const dollars = (c) => `$${(c / 100).toFixed(2)}`

describe('wishlist alerts', () => {
  test('a periodic background sync against a cheaper snapshot shows one price-drop notification linking to the product', async () => {
    const page = await newPage({ background: true })
    try {
      const { name, code } = await saveFirstDeal(page)
      const panel = await turnOn(page, /Alerts are on\. Your browser checks your saved products in the background/)
      assert.deepEqual(
        await page.evaluate(async () => (await navigator.serviceWorker.ready).periodicSync.getTags()),
        [SYNC_TAG],
        'the periodic sync is registered',
      )
      // The first check recorded what it saw and claimed no change.
      assert.deepEqual(await notifications(page), [])
      await countChecks(page)

      // Publish cuts every price paid by a fifth: the lowest drops by about 20 %, over the default 10 %.
      const product = await publishedProduct(code)
      const lowest = Math.min(...product.offers.map((o) => cents(paid(o))))
      const cheaper = { ...product, offers: product.offers.map((o) => ({ ...o, salePrice: Math.round(paid(o) * 80) / 100 })) }
      const newLowest = Math.min(...cheaper.offers.map((o) => cents(o.salePrice)))
      await serveProduct(page, code, cheaper)

      await firePeriodicSync(page)
      const shown = await notifications(page)
      assert.equal(shown.length, 1, JSON.stringify(shown))
      assert.equal(shown[0].title, `Price drop: ${name}`)
      const percent = Math.floor(((lowest - newLowest) * 100) / lowest)
      assert.ok(
        shown[0].body.startsWith(`Lowest price down ${percent} % from ${dollars(lowest)}: `),
        `body: ${shown[0].body} (expected down ${percent} % from ${dollars(lowest)})`,
      )
      // The cheapest offer as every offer is shown: its size, price paid with the regular price, unit price, market, menu age, sample data.
      assert.match(shown[0].body, new RegExp(`${dollars(newLowest).replace('$', '\\$')} on sale \\(regular \\$\\d+\\.\\d\\d\\), `))
      assert.match(shown[0].body, /, (\$\d+\.\d\d\/(g|100 mg THC)|no unit price), (Medical|Adult use) at .+ \(menu updated .+\)\. Sample data\.$/)
      assert.equal(shown[0].url, url(`product/${code}`))
      assert.equal(shown[0].tag, `omc-alert-${code}`)
      await page.screenshot({ path: path.join(resultsDir, 'wishlist-alerts-on.png'), fullPage: false })

      // The same snapshot at the next sync: the change was told once.
      await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).forEach((n) => n.close()))
      await firePeriodicSync(page)
      assert.deepEqual(await notifications(page), [])

      // Off: the sync is unregistered and a later check alerts nothing.
      await panel.getByRole('button', { name: 'Turn off alerts' }).click()
      await panel.getByRole('status').filter({ hasText: 'Alerts are off.' }).waitFor()
      assert.deepEqual(await page.evaluate(async () => (await navigator.serviceWorker.ready).periodicSync.getTags()), [])
      await serveProduct(page, code, { ...cheaper, offers: cheaper.offers.map((o) => ({ ...o, salePrice: Math.round(o.salePrice * 50) / 100 })) })
      await firePeriodicSync(page)
      assert.deepEqual(await notifications(page), [])
    } finally {
      await page.close()
    }
  })

  test('without background sync, the next visit checks: a product back in stock is notified', async () => {
    const page = await newPage()
    try {
      const { name, code } = await saveFirstDeal(page)
      // Out of stock everywhere when the alerts are turned on.
      const product = await publishedProduct(code)
      await serveProduct(page, code, { ...product, offers: [] })
      await turnOn(
        page,
        'Alerts are on. Your browser offers this site no background checks, so your saved products are checked each time you open this site.',
      )
      assert.deepEqual(await notifications(page), [])

      // Back as published; the next visit (a page load, here the homepage) checks.
      await page.context().unroute(`**/api/products/${code}`)
      await page.goto(url(''))
      await page.waitForFunction(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length > 0, null, { timeout: 30_000 })
      const shown = await notifications(page)
      assert.equal(shown.length, 1, JSON.stringify(shown))
      assert.equal(shown[0].title, `Back in stock: ${name}`)
      const menus = product.offers.length
      assert.match(shown[0].body, new RegExp(`^In stock at ${menus} ${menus === 1 ? 'menu' : 'menus'}\\. Cheapest: `))
      assert.equal(shown[0].url, url(`product/${code}`))
    } finally {
      await page.close()
    }
  })

  test('axe-core: the Wishlist with its alerts panel, off and on, light and dark, 390 and 1280 px', async () => {
    const page = await newPage()
    const found = []
    try {
      await saveFirstDeal(page)
      for (const state of ['off', 'on']) {
        if (state === 'on') await turnOn(page, /Alerts are on\./)
        for (const theme of ['light', 'dark']) {
          await page.evaluate((theme) => localStorage.setItem('omc-theme-settings', JSON.stringify({ theme })), theme)
          for (const width of [390, 1280]) {
            await page.setViewportSize({ width, height: 900 })
            await page.goto(url('dispensary-wishlist'))
            await page
              .getByRole('region', { name: 'Alerts' })
              .getByRole('button', { name: state === 'on' ? 'Turn off alerts' : 'Turn on alerts' })
              .waitFor({ timeout: 30_000 })
            assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), theme === 'dark', `theme ${theme}`)
            for (const v of await axeViolations(page)) found.push(`alerts ${state}, ${theme}, ${width} px: ${v}`)
          }
        }
      }
      await page.screenshot({ path: path.join(resultsDir, 'wishlist-alerts-dark.png'), fullPage: false })
    } finally {
      await page.close()
    }
    assert.deepEqual(found, [])
  })

  test('afterwards: no page threw or logged an error, broke the Content-Security-Policy, or sent anything off the test host', () => {
    assert.deepEqual(run.problems, [])
  })
})
