// Browser test of the data pages rendered after a publish (scripts/prerender-pages.mjs):
// `omc demo --prerender` renders the homepage and the status page with the snapshots it
// has just published, and serves them. Without JavaScript they show that data; with it,
// the app hydrates them from the data they carry, without asking for it again and
// without a hydration mismatch.
//
// The site: OMC_E2E_URL (a running site whose data pages were rendered after its
// publish), else `omc demo --prerender …` started from OMC_BIN, serving site/dist
// (built by `go tool task build`, whose pre-rendering bundle the renderer reuses).
// Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { launchChromium, START_TIMEOUT_MS, startDemo } from './processes.mjs'

// The status page's first page of cards (features/status/components/dispensary-list.tsx).
const PAGE_SIZE = 20
const PAGE_SNAPSHOTS = ['DispensaryStatus', 'pipeline', 'statistics', 'announcements']
const DEMO_TIMEOUT_MS = 2 * START_TIMEOUT_MS

let site
let browser
let stopSite = async () => {}

before(
  async () => {
    if (process.env.OMC_E2E_URL) {
      site = new URL(process.env.OMC_E2E_URL.replace(/\/?$/, '/'))
    } else {
      if (!process.env.OMC_BIN) throw new Error('set OMC_E2E_URL to a running site, or OMC_BIN to the omc binary to run `omc demo`')
      const demo = startDemo(path.resolve(process.env.OMC_BIN), {
        name: 'omc demo --prerender',
        extraArgs: ['--prerender', 'node site/scripts/prerender-pages.mjs --build dist'],
        // Ten scrapes, a publish and the rendering of the pages: slower than the plain demo.
        timeoutMs: DEMO_TIMEOUT_MS,
      })
      stopSite = demo.stop
      site = new URL(await demo.url)
    }
    browser = await launchChromium()
  },
  { timeout: DEMO_TIMEOUT_MS + 60_000 },
)
after(async () => {
  await browser?.close()
  await stopSite()
})

/** snapshot GETs a published snapshot as the app would. */
async function snapshot(name) {
  const response = await fetch(new URL(`api/${name}`, site))
  assert.equal(response.status, 200, `GET /api/${name}`)
  return response.json()
}

/** withPage opens a fresh context (no service worker) and runs use with a page in it. */
async function withPage(options, use) {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options })
  try {
    return await use(await context.newPage())
  } finally {
    await context.close()
  }
}

describe('data pages rendered after the publish', () => {
  test('without JavaScript the status page lists its first cards and the homepage its statistics, from the published snapshots', async () => {
    const statuses = await snapshot('DispensaryStatus')
    const statistics = await snapshot('statistics')
    await withPage({ javaScriptEnabled: false }, async (page) => {
      await page.goto(new URL('dispensary-status', site).href)
      const summary = page.getByRole('region', { name: 'Summary' })
      const count = await summary.getByText('Dispensaries', { exact: true }).locator('xpath=following-sibling::dd').textContent()
      assert.equal(count, String(statuses.length), 'the summary counts the published dispensaries')
      const names = await page.locator('article h2').allTextContents()
      assert.equal(names.length, Math.min(PAGE_SIZE, statuses.length), 'the first page of cards')
      const published = new Set(statuses.map((d) => d.name))
      for (const name of names) assert.ok(published.has(name.trim()), `card "${name}" is not a published dispensary`)
      assert.match(await page.getByRole('status').first().innerText(), new RegExp(`^${statuses.length} dispensaries`))

      await page.goto(site.href)
      const section = page.getByRole('region', { name: 'Product statistics' })
      const text = await section.innerText()
      assert.ok(statistics.topFlower.length > 0 && statistics.topDeals.length > 0, 'the demo publishes statistics')
      assert.ok(text.includes(statistics.topFlower[0].name), `the top strain ${statistics.topFlower[0].name} is not shown`)
      for (const region of statistics.topDeals) assert.ok(text.includes(`${region.region} Top Deals`), `no ${region.region} Top Deals`)
      assert.equal(await section.locator('time').getAttribute('datetime'), statistics.generatedAt)
    })
  })

  test('with JavaScript the pages hydrate from the data they carry: no mismatch, no second request for it', async () => {
    for (const [pathname, hydrated] of [
      // Typing a search filters the cards: only a hydrated page does that.
      [
        'dispensary-status',
        async (page) => {
          const first = (await page.locator('article h2').first().textContent()).trim()
          await page.getByRole('searchbox').fill(first)
          await page
            .getByRole('status')
            .filter({ hasText: / of \d+ dispensaries match/ })
            .waitFor({ timeout: 15_000 })
        },
      ],
      // Dismissing an announcement hides it: only a hydrated page does that.
      [
        '',
        async (page) => {
          const banners = page.getByRole('list', { name: 'Announcements' })
          const before = await banners.getByRole('listitem').count()
          assert.ok(before > 0, 'the demo publishes announcements')
          await banners
            .getByRole('button', { name: /^Dismiss announcement: / })
            .first()
            .click()
          await page.waitForFunction((n) => document.querySelectorAll('[aria-label="Announcements"] li').length < n, before, { timeout: 15_000 })
        },
      ],
    ]) {
      await withPage({}, async (page) => {
        const problems = []
        const requested = []
        page.on('pageerror', (error) => problems.push(`script error: ${error.message}`))
        page.on('console', (message) => {
          if (message.type() === 'error' || /hydrat|did not match|React error/i.test(message.text()))
            problems.push(`${message.type()}: ${message.text()}`)
        })
        page.on('request', (request) => {
          const { pathname: p } = new URL(request.url())
          if (PAGE_SNAPSHOTS.some((name) => p === `/api/${name}`)) requested.push(p)
        })
        await page.goto(new URL(pathname, site).href, { waitUntil: 'networkidle' })
        assert.equal(await page.locator('#omc-page-data').count(), 1, `/${pathname} carries the snapshots it was rendered with`)
        await hydrated(page)
        assert.deepEqual(problems, [], `/${pathname}: no hydration mismatch or other error`)
        assert.deepEqual(requested, [], `/${pathname}: no request for the snapshots the page carries`)
      })
    }
  })
})

describe('a repeat visit, the service worker in control', () => {
  test('gets the pages rendered after the publish, their data in the HTML before any script runs, not the build’s precached copies', async () => {
    const statuses = await snapshot('DispensaryStatus')
    const context = await browser.newContext({ serviceWorkers: 'allow' })
    try {
      const page = await context.newPage()
      // What the HTML alone holds: counted when the document is parsed, before
      // the app's (deferred) module scripts run.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return
          window.__atParse = Object.fromEntries(
            ['main article', 'main #top-strains-heading'].map((selector) => [selector, document.querySelectorAll(selector).length]),
          )
        })
      })
      // The first visit installs the worker, which precaches the build's own pages.
      await page.goto(new URL('dispensary-status', site).href)
      await page.waitForFunction(() => navigator.serviceWorker.ready.then((registration) => registration.active !== null), null, {
        timeout: 30_000,
      })
      for (const [pathname, what, selector, expected] of [
        ['dispensary-status', 'first cards', 'main article', Math.min(PAGE_SIZE, statuses.length)],
        ['', 'statistics', 'main #top-strains-heading', 1],
      ]) {
        const response = await page.goto(new URL(pathname, site).href)
        assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), `/${pathname}: the worker controls the repeat visit`)
        assert.ok(response.fromServiceWorker(), `/${pathname}: answered through the worker`)
        assert.match(await response.text(), /id="omc-page-data"/, `/${pathname}: the worker answered with the page rendered after the publish`)
        const parsed = await page.evaluate((s) => window.__atParse?.[s], selector)
        assert.equal(parsed, expected, `/${pathname}: the ${what} are in the HTML before any script runs`)
      }
    } finally {
      await context.close()
    }
  })
})
