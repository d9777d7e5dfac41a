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
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { launchChromium, START_TIMEOUT_MS, startDemo } from './processes.mjs'

// The status page's first page of cards (features/status/components/dispensary-list.tsx).
const PAGE_SIZE = 20
const PAGE_SNAPSHOTS = ['DispensaryStatus', 'pipeline', 'statistics', 'announcements']
// The rows a list of offers paints first, the rest after (read from the app's source).
const FIRST_ROWS = Number(
  fs.readFileSync(new URL('../src/features/offers/lib/use-menu-search.ts', import.meta.url), 'utf8').match(/export const FIRST_ROWS = (\d+)/)?.[1],
)
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

/**
 * watchFirstRow is an init script noting the first offer row of the page's own HTML and where it
 * is laid out, once the HTML is read and before any script of the page runs (readyState
 * "interactive"); then, when hydration drops the line saying when the page was rendered, whether
 * that very row is still in the page (React hydrated it rather than building the screen anew) and
 * at the same place. Later data may still change the page (Menus' filters grow with the whole
 * search). Places are offsets, which the shell's zoom-in animation (a transform) leaves alone.
 */
function watchFirstRow(selector) {
  const topOf = (element) => {
    let top = 0
    for (let e = element; e; e = e.offsetParent) top += e.offsetTop
    return top
  }
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return
    const row = document.querySelector(selector)
    if (!row || !document.querySelector('[data-testid="rendered-at"]')) return
    const top = topOf(row)
    window.__firstRowAtHydration = 'not hydrated yet'
    const watcher = new MutationObserver(() => {
      if (document.querySelector('[data-testid="rendered-at"]')) return
      watcher.disconnect()
      if (!row.isConnected) window.__firstRowAtHydration = 'replaced'
      else window.__firstRowAtHydration = topOf(row) === top ? 'kept' : `moved from ${top} to ${topOf(row)} px`
    })
    watcher.observe(document.body, { childList: true, subtree: true })
  })
}

const firstRowKept = (page) => page.evaluate(() => window.__firstRowAtHydration ?? 'no offer row and line in the HTML')

/** hydrates says whether a page path hydrates its HTML as it is (no query, or only tracking parameters) rather than rendering afresh. */
const hydrates = (pathname) => !pathname.includes('?') || /\?fbclid=[^&]*$/.test(pathname)

/**
 * assertStyled checks that a page shown without JavaScript has its screen's stylesheets (they
 * come with the screen's code otherwise): its icons keep their size and its first heading is on
 * the first screen. Without them an announcement's icon filled the page's width and pushed the
 * homepage's text two screens down, and the first paint of every pre-rendered page looked so.
 */
async function assertStyled(page, what) {
  const { widest, top, height } = await page.evaluate(() => ({
    // Icons: drawn on a grid of at most 32 units (a chart's is hundreds wide and fills its box).
    widest: Math.max(
      0,
      ...[...document.querySelectorAll('main svg')].filter((svg) => svg.viewBox.baseVal.width <= 32).map((svg) => svg.getBoundingClientRect().width),
    ),
    top: document.querySelector('main h1, main h2')?.getBoundingClientRect().top ?? Infinity,
    height: window.innerHeight,
  }))
  assert.ok(widest <= 64, `${what}: an icon ${Math.round(widest)} px wide: the screen's stylesheets are missing`)
  assert.ok(top < height, `${what}: the first heading starts ${Math.round(top)} px down, below the first screen (${height} px)`)
}

/** watch collects a page's script errors, hydration warnings and the paths it requests. */
function watch(page) {
  const problems = []
  const requests = []
  page.on('pageerror', (error) => problems.push(`script error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat|did not match|React error/i.test(message.text())) problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('request', (request) => requests.push(new URL(request.url()).pathname))
  return { problems, requests }
}

/** publishedDeals reads every region's published deals, as Deals' default view shows them. */
async function publishedDeals() {
  const index = await snapshot('deals/index')
  const lists = await Promise.all(index.regions.filter((r) => r.count > 0).map((r) => snapshot(r.path.replace(/^\/?api\//, ''))))
  return { index, deals: lists.flatMap((l) => l.deals) }
}

describe('data pages rendered after the publish', () => {
  test('without JavaScript the status page lists its first cards and the homepage its statistics, from the published snapshots', async () => {
    const statuses = await snapshot('DispensaryStatus')
    const statistics = await snapshot('statistics')
    await withPage({ javaScriptEnabled: false }, async (page) => {
      await page.goto(new URL('dispensary-status', site).href)
      await assertStyled(page, 'the status page')
      const summary = page.getByRole('region', { name: 'Summary' })
      const count = await summary.getByText('Dispensaries', { exact: true }).locator('xpath=following-sibling::dd').textContent()
      assert.equal(count, String(statuses.length), 'the summary counts the published dispensaries')
      const names = await page.locator('article h2').allTextContents()
      assert.equal(names.length, Math.min(PAGE_SIZE, statuses.length), 'the first page of cards')
      const published = new Set(statuses.map((d) => d.name))
      for (const name of names) assert.ok(published.has(name.trim()), `card "${name}" is not a published dispensary`)
      assert.match(await page.getByRole('status').first().innerText(), new RegExp(`^${statuses.length} dispensaries`))

      await page.goto(site.href)
      await assertStyled(page, 'the homepage')
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
        const { problems, requests } = watch(page)
        await page.goto(new URL(pathname, site).href, { waitUntil: 'networkidle' })
        assert.equal(await page.locator('#omc-page-data').count(), 1, `/${pathname} carries the snapshots it was rendered with`)
        await hydrated(page)
        assert.deepEqual(problems, [], `/${pathname}: no hydration mismatch or other error`)
        const requested = requests.filter((p) => PAGE_SNAPSHOTS.some((name) => p === `/api/${name}`))
        assert.deepEqual(requested, [], `/${pathname}: no request for the snapshots the page carries`)
      })
    }
  })
})

// Deals, Menus and every store's page, rendered after the publish with their default view
// (scripts/prerender-pages.mjs; src/app/prerender.tsx's PUBLISHED_PAGES).
describe('Deals, Menus and the store pages rendered after the publish', () => {
  // The first page of deals (features/deals/lib/deals.ts DEALS_PER_PAGE).
  const DEALS_PER_PAGE = 100
  const OFFER_ROWS = 'table.offer-rows tbody tr'

  /** checkOfferRow asserts a row says what a shopper needs: size, price paid, market and the menu's freshness. */
  async function checkOfferRow(row, offer, what) {
    const text = (await row.innerText()).replace(/\s+/g, ' ')
    assert.ok(text.includes(offer.size), `${what}: no size ${offer.size} in "${text}"`)
    assert.match(text, /\$\d+\.\d\d/, `${what}: no price in "${text}"`)
    assert.match(text, /Adult use|Medical/, `${what}: no market in "${text}"`)
    assert.match(text, /menu (updated (.+ ago|just now)|never read)/, `${what}: no menu freshness in "${text}"`)
  }

  test('without JavaScript Deals, Menus and a store page show their first offers from the published snapshots', async () => {
    const { index, deals } = await publishedDeals()
    const stores = await snapshot('search/stores')
    const first = await snapshot('search/flower/first')
    assert.ok(deals.length > 0 && first.total > 0 && stores.stores.length > 0, 'the demo publishes deals, offers and stores')
    await withPage({ javaScriptEnabled: false }, async (page) => {
      await page.goto(new URL('dispensary-deals', site).href)
      await assertStyled(page, 'Deals')
      assert.equal((await page.locator('#deals-heading').innerText()).trim(), `${deals.length} deals`)
      const rows = page.locator(OFFER_ROWS)
      assert.equal(await rows.count(), Math.min(DEALS_PER_PAGE, deals.length), 'the first page of deals')
      const names = new Set(deals.map((d) => d.name))
      const firstName = (await rows.first().getByRole('link').first().innerText()).trim()
      assert.ok(names.has(firstName), `"${firstName}" is not a published deal`)
      await checkOfferRow(
        rows.first(),
        deals.find((d) => d.name === firstName),
        'Deals',
      )
      // A deal's regular price is struck beside the price paid.
      const struck = deals.filter((d) => d.name === firstName).map((d) => `$${d.price.toFixed(2)}`)
      const regular = (await rows.first().locator('del').innerText()).replace(/^\s*regular price\s*/, '').trim()
      assert.ok(struck.includes(regular), `the regular price is struck: "${regular}", published ${struck.join(' or ')}`)
      if (index.sample) assert.equal(await page.getByRole('note').filter({ hasText: 'Sample data' }).count(), 1, 'Deals says it is sample data')
      // The page says when it was rendered: its ages are counted to then.
      assert.match(await page.getByTestId('rendered-at').innerText(), /^As published .+: the ages shown are counted to that time\.$/)

      await page.goto(new URL('dispensary-menus', site).href)
      await assertStyled(page, 'Menus')
      const summary = await page
        .getByRole('status')
        .filter({ hasText: / offers at / })
        .innerText()
      assert.ok(summary.startsWith(`${first.total} offers at ${first.stores} stores`), `Menus' summary "${summary}"`)
      const menuRows = page.locator(OFFER_ROWS)
      assert.equal(await menuRows.count(), first.offers.product.length, 'Menus shows the first page of its default search')
      const product = first.offers.product[0]
      await checkOfferRow(menuRows.first(), { size: first.products.size[product] }, 'Menus')
      if (stores.sample) assert.equal(await page.getByRole('note').filter({ hasText: 'Sample data' }).count(), 1, 'Menus says it is sample data')

      const slug = stores.stores.find((s) => s.slug)?.slug
      const menu = await snapshot(`menus/${slug}`)
      // Offers are columns (publish/SNAPSHOTS.md): one entry of each column per offer.
      const offers = menu.markets.flatMap((m) => m.offers.product)
      await page.goto(new URL(`dispensary-menus/${slug}`, site).href)
      await assertStyled(page, `the store page ${slug}`)
      assert.equal((await page.locator('h1').innerText()).trim(), menu.name)
      assert.equal(await page.locator(OFFER_ROWS).count(), offers.length, `${slug}: every offer`)
      assert.match(
        await page
          .getByRole('status')
          .filter({ hasText: / offers/ })
          .innerText(),
        new RegExp(`^${offers.length} of ${offers.length} offers`),
      )
      if (offers.length > 0) {
        const row = page.locator(OFFER_ROWS).first()
        const name = (await row.getByRole('link').first().innerText()).trim()
        await checkOfferRow(row, { size: menu.products.size[menu.products.name.indexOf(name)] }, `${slug}`)
      }
      if (menu.sample)
        assert.equal(await page.getByRole('note').filter({ hasText: 'Sample data' }).count(), 1, 'the store page says it is sample data')
    })
  })

  test('with JavaScript they hydrate from the data they carry (no mismatch, no second request), and a search in the URL is shown as asked', async () => {
    const { slug, region } = (await snapshot('search/stores')).stores[0]
    const { deals } = await publishedDeals()
    // A store's page shared on Facebook carries only tracking parameters: hydrated as it is.
    for (const pathname of [
      'dispensary-deals',
      'dispensary-menus',
      `dispensary-menus/${slug}`,
      'dispensary-deals?type=Flower',
      `dispensary-menus/${slug}?fbclid=IwAR0abc`,
      // A region's view of Menus, pre-rendered with that region's offers.
      `dispensary-menus/${region.toLowerCase()}/flower`,
    ]) {
      await withPage({}, async (page) => {
        const { problems, requests: requested } = watch(page)
        await page.addInitScript(watchFirstRow, OFFER_ROWS)
        await page.goto(new URL(pathname, site).href, { waitUntil: 'networkidle' })
        const carried = await page.evaluate(() => Object.keys(JSON.parse(document.getElementById('omc-page-data').textContent).snapshots))
        assert.ok(carried.length > 0, `/${pathname} carries the snapshots it was rendered with`)
        // Only a hydrated (or freshly rendered) page counts its ages to now and drops the line saying when it was rendered.
        await page.getByTestId('rendered-at').waitFor({ state: 'detached', timeout: 15_000 })
        // Hydration keeps the HTML's rows, where they were: the line was last in the screen (pinned to
        // the window's bottom), so dropping it neither moves them nor makes React build the screen anew.
        if (hydrates(pathname)) assert.equal(await firstRowKept(page), 'kept', `/${pathname}: its first offer row when it hydrated`)
        // A page opened with a query is rendered afresh: its screen's code may still be loading.
        await page.locator(OFFER_ROWS).first().waitFor({ timeout: 15_000 })
        assert.deepEqual(problems, [], `/${pathname}: no hydration mismatch or other error`)
        const again = requested.filter((p) => carried.some((name) => p === `/api/${name}`))
        assert.deepEqual(again, [], `/${pathname}: no request for the snapshots the page carries`)
        // Its results settle: every offer of the search joined and counted, the list no longer busy.
        if (pathname.endsWith('/flower'))
          await page.locator('section[aria-labelledby="results-heading"][aria-busy="false"]').waitFor({ timeout: 15_000 })
        if (pathname.startsWith('dispensary-deals?')) {
          const flower = deals.filter((d) => d.category === 'Flower').length
          assert.equal((await page.locator('#deals-heading').innerText()).trim(), `${flower} deals`, 'the search in the URL, not the default view')
        }
      })
    }
  })
})

/**
 * framesOf opens url in a fresh page, its CPU 4x slower (CDP), and returns what its main part
 * showed frame by frame until it settled: for each change, whether main was visible, the
 * text of its heading and summary (selectors, the first of each seen), how many offer rows were
 * seen, and whether the page still showed a type's offers from its HTML. It settles 200 ms after
 * the first offer row is there and until (a function run in the page) holds.
 */
async function framesOf(url, { heading, summary = heading, until }) {
  return withPage({ viewport: { width: 1280, height: 900 } }, async (page) => {
    await page.addInitScript(
      (selectors) => {
        window.__frames = []
        const look = () => {
          const main = document.querySelector('main')
          // Hidden either way: not laid out (display: none) or laid out unseen (visibility).
          const seen = (el) => el.checkVisibility({ visibilityProperty: true })
          const frame = {
            visible: !!main && seen(main),
            // What is seen: a store's page opened with one product type hides its other types' sections.
            heading: [...document.querySelectorAll(selectors.heading)].find(seen)?.textContent.trim() ?? null,
            summary: [...document.querySelectorAll(selectors.summary)].find(seen)?.textContent.trim() ?? null,
            rows: [...document.querySelectorAll('main table.offer-rows tbody tr')].filter(seen).length,
            // Until the app's first commit, a store's page shows a type's offers from its HTML (app/main.tsx ends that).
            fromHtml: document.documentElement.hasAttribute('data-url-type'),
          }
          const last = window.__frames.at(-1)
          if (!last || JSON.stringify(last.frame) !== JSON.stringify(frame)) window.__frames.push({ at: Math.round(performance.now()), frame })
          requestAnimationFrame(look)
        }
        requestAnimationFrame(look)
      },
      { heading, summary },
    )
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(url, { waitUntil: 'load' })
    await page.locator('main table.offer-rows tbody tr').first().waitFor({ timeout: 30_000 })
    if (until) await page.waitForFunction(until, undefined, { timeout: 30_000 })
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))))
    return page.evaluate(() => window.__frames)
  })
}

describe('a region’s view of Menus rendered after the publish', () => {
  test('without JavaScript it shows that region’s offers, cheapest first, each saying what a shopper needs', async () => {
    const { stores, sample } = await snapshot('search/stores')
    const { region } = stores[0]
    const shard = await snapshot(`search/flower/${region.toLowerCase()}`)
    const inRegion = new Set(shard.menus.map(([store]) => store))
    await withPage({ javaScriptEnabled: false }, async (page) => {
      await page.goto(new URL(`dispensary-menus/${region.toLowerCase()}/flower`, site).href)
      await assertStyled(page, `Menus in ${region}`)
      assert.equal(await page.title(), `Menus: Flower in ${region} Ohio - Ohio Marijuana Community`)
      const summary = await page
        .getByRole('status')
        .filter({ hasText: / offers at / })
        .innerText()
      assert.ok(summary.startsWith(`${shard.offers.product.length} offers at ${inRegion.size} stores`), `the region's summary "${summary}"`)
      assert.ok(summary.includes(`in ${region} Ohio`), `the summary names the region: "${summary}"`)
      const rows = page.locator('table.offer-rows tbody tr')
      assert.ok((await rows.count()) > 0, 'the region view lists offers')
      const text = (await rows.first().innerText()).replace(/\s+/g, ' ')
      assert.match(text, /\$\d+\.\d\d/, `a price in "${text}"`)
      assert.match(text, /Adult use|Medical/, `a market in "${text}"`)
      assert.match(text, /menu (updated (.+ ago|just now)|never read)/, `the menu's freshness in "${text}"`)
      // Every store linked from its rows is one of the region's.
      const stores = await rows
        .locator('a[href^="/dispensary-menus/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href').split('/')[2]))
      assert.ok(stores.length > 0 && stores.every((s) => inRegion.has(s)), `only the region's stores: ${[...new Set(stores)].join(', ')}`)
      if (sample) assert.equal(await page.getByRole('note').filter({ hasText: 'Sample data' }).count(), 1, 'it says it is sample data')
    })
  })

  test('with JavaScript its rows are there from the page’s first frame, never replaced by a loading state', async () => {
    const { region } = (await snapshot('search/stores')).stores[0]
    const frames = await framesOf(new URL(`dispensary-menus/${region.toLowerCase()}/flower`, site).href, {
      heading: '#results-heading',
      summary: 'section[aria-labelledby="results-heading"] > [role="status"]',
    })
    const first = frames.findIndex((f) => f.frame.visible && f.frame.rows > 0)
    assert.ok(first >= 0 && frames[first].frame.summary?.includes(`in ${region} Ohio`), `the region's rows shown (frames: ${JSON.stringify(frames)})`)
    // The page holds its first paint until its first offer is parsed (<link rel="expect">): no frame shows its text without them.
    assert.equal(
      frames.findIndex((f) => f.frame.visible),
      first,
      `the first frame showing the page shows its rows (frames: ${JSON.stringify(frames)})`,
    )
    const after = frames.slice(first).filter((f) => !f.frame.visible || f.frame.rows === 0 || !f.frame.summary?.includes(`in ${region} Ohio`))
    assert.deepEqual(after, [], `once shown, the rows stay (frames: ${JSON.stringify(frames)})`)
  })
})

describe('the app’s code on a page rendered after the publish', () => {
  // The early script starts it after the page's first frame (src/config/early-data.ts): the
  // page's stylesheets and first paint no longer wait behind its download and compilation.
  test('is asked for only once the page has shown its first frame, and then takes the page over', async () => {
    const { region } = (await snapshot('search/stores')).stores[0]
    await withPage({ viewport: { width: 1280, height: 900 } }, async (page) => {
      const { problems } = watch(page)
      // Rendering waits for the stylesheets: the first animation frame is the first paint's.
      await page.addInitScript(() => requestAnimationFrame(() => (window.__firstFrame = performance.now())))
      await page.goto(new URL(`dispensary-menus/${region.toLowerCase()}/flower`, site).href)
      // The page says its results are busy until the app has loaded the region's whole search.
      await page.locator('section[aria-labelledby="results-heading"][aria-busy="false"]').waitFor({ timeout: 30_000 })
      const { firstFrame, asked } = await page.evaluate(() => ({
        firstFrame: window.__firstFrame,
        asked: performance
          .getEntriesByType('resource')
          .filter((e) => /\/assets\/[^/]+\.js$/.test(new URL(e.name).pathname))
          .map((e) => ({ file: new URL(e.name).pathname, at: e.startTime })),
      }))
      assert.ok(
        asked.length > 0 && typeof firstFrame === 'number',
        `the app's code asked for (${JSON.stringify(asked)}), a frame shown (${firstFrame})`,
      )
      const early = asked.filter((e) => e.at < firstFrame)
      assert.deepEqual(early, [], `no script of the app asked for before the first frame at ${Math.round(firstFrame)} ms`)
      assert.equal(await page.locator('script[type="module"]').count(), 1, 'the app started once')
      // Taken over: a filter now changes the search.
      await page.getByRole('checkbox', { name: /^On sale/ }).check()
      await page.waitForURL(/[?&]sale=1/)
      assert.deepEqual(problems, [])
    })
  })
})

describe('an older region link, naming the region in its query', () => {
  test('goes to the region’s page rendered after the publish, its filters kept, asking for none of the data that page carries', async () => {
    const { region } = (await snapshot('search/stores')).stores[0]
    await withPage({}, async (page) => {
      const { problems, requests } = watch(page)
      await page.goto(new URL(`dispensary-menus?by=region&region=${region}&type=Flower&sale=1`, site).href, { waitUntil: 'networkidle' })
      const url = new URL(page.url())
      assert.equal(url.pathname, `/dispensary-menus/${region.toLowerCase()}/flower`)
      assert.equal(url.search, '?sale=1')
      await page.locator('main table.offer-rows tbody tr').first().waitFor({ timeout: 15_000 })
      assert.equal(await page.getByRole('checkbox', { name: /^On sale/ }).isChecked(), true, 'the filter the link named')
      assert.match(
        await page
          .getByRole('status')
          .filter({ hasText: / offers at / })
          .innerText(),
        new RegExp(`in ${region} Ohio`),
      )
      // The old page's early script went before asking for anything: the new page carries the region's first page and the stores.
      const asked = requests.filter((p) => p === `/api/search/flower/first-${region.toLowerCase()}` || p === '/api/search/stores')
      assert.deepEqual(asked, [], 'no request for the data the region page carries')
      assert.deepEqual(problems, [])
    })
  })
})

describe('a page rendered after the publish for its default search, opened with another', () => {
  // Menus and Deals are rendered for their default search (data-query=""); a link with a region,
  // a type or a filter is rendered afresh by the app. Until then the page showed the default
  // search's heading, rows and prices for what the link asked: a second and more at 4x slowdown.
  test('never shows the default search’s results for a region link, only that it is loading and then the region’s', async () => {
    const { stores } = await snapshot('search/stores')
    const region = stores[0].region
    const frames = await framesOf(new URL(`dispensary-menus?by=region&region=${region}&type=Flower`, site).href, {
      heading: '#results-heading',
      summary: 'section[aria-labelledby="results-heading"] > [role="status"]',
    })
    const shown = frames.filter((f) => f.frame.visible)
    const wrong = shown.filter((f) => f.frame.heading === 'Everything in stock, all of Ohio')
    assert.deepEqual(wrong, [], `no frame shows the whole state's results (frames: ${JSON.stringify(frames)})`)
    const last = frames.at(-1).frame
    assert.ok(
      last.visible && last.rows > 0 && last.heading === 'Results' && last.summary?.includes(region),
      `the region's results in the end: ${JSON.stringify(last)}`,
    )
  })

  test('takes a link that only carries a share’s tracking parameters for the default search: the page as rendered, hydrated', async () => {
    const frames = await framesOf(new URL('dispensary-menus?utm_source=facebook&fbclid=IwAR0abc', site).href, {
      heading: '#results-heading',
      summary: 'section[aria-labelledby="results-heading"] > [role="status"]',
    })
    const first = frames.findIndex((f) => f.frame.visible && f.frame.heading === 'Everything in stock, all of Ohio')
    assert.ok(first >= 0, `the default search's results are shown (frames: ${JSON.stringify(frames)})`)
    const after = frames.slice(first).filter((f) => !f.frame.visible || f.frame.heading !== 'Everything in stock, all of Ohio')
    assert.deepEqual(after, [], `once shown, never replaced by "Loading this page…" and rendered again (frames: ${JSON.stringify(frames)})`)
  })

  /** storeTypeLink is the demo store and product type with the most offers (more than a first paint's rows, FIRST_ROWS), with its link; found once for the tests that open it. */
  let typeLink
  const storeTypeLink = () => (typeLink ??= findStoreTypeLink())
  async function findStoreTypeLink() {
    const { stores } = await snapshot('search/stores')
    let best = { count: 0 }
    for (const { slug } of stores.slice(0, 40)) {
      const menu = await snapshot(`menus/${slug}`)
      const counts = new Map()
      for (const market of menu.markets)
        for (const product of market.offers.product)
          counts.set(menu.products.category[product], (counts.get(menu.products.category[product]) ?? 0) + 1)
      const all = [...counts.values()].reduce((a, b) => a + b, 0)
      for (const [category, count] of counts) if (count > best.count) best = { slug, category, count, all }
    }
    assert.ok(
      best.count > FIRST_ROWS && best.count < best.all,
      `a demo store lists more than ${FIRST_ROWS} offers of one type and others: ${JSON.stringify(best)}`,
    )
    return { ...best, url: new URL(`dispensary-menus/${best.slug}?type=${best.category}`, site).href }
  }

  test('shows a store’s first offers of one type from its page at once for a link to that type, never another type’s, and keeps them as the app takes over', async () => {
    const best = await storeTypeLink()
    const frames = await framesOf(best.url, {
      heading: 'section[aria-labelledby="offers-heading"] h3',
      summary: 'section[aria-labelledby="offers-heading"] > [role="status"]',
      // Until the app has rendered the view over the page's own offers, all of them (its first rows come first).
      until: () =>
        !document.documentElement.hasAttribute('data-url-type') &&
        document.querySelector('section[aria-labelledby="offers-heading"]')?.getAttribute('aria-busy') === 'false',
    })
    const from = frames.findIndex((f) => f.frame.visible && f.frame.rows > 0)
    assert.ok(from >= 0, `offers are shown (frames: ${JSON.stringify(frames)})`)
    const shown = frames.slice(from)
    const other = shown.filter((f) => !f.frame.heading?.startsWith(best.category) || f.frame.rows > best.count)
    assert.deepEqual(other, [], `every frame shows the ${best.category} offers only (frames: ${JSON.stringify(frames)})`)
    assert.ok(shown[0].frame.fromHtml, `the first offers are the page's own, before the app has rendered (frames: ${JSON.stringify(frames)})`)
    assert.ok(shown[0].frame.rows <= FIRST_ROWS, `the first rows come first (frames: ${JSON.stringify(frames)})`)
    // The app renders the view over them: never "Loading this page…" or fewer rows in between.
    const fewer = shown.filter((f, i) => i > 0 && (!f.frame.visible || f.frame.rows < shown[i - 1].frame.rows))
    assert.deepEqual(fewer, [], `once shown, the offers stay (frames: ${JSON.stringify(frames)})`)
    // The form and the summary say the default view's until the app renders: never seen meanwhile.
    const summaries = shown.filter((f) => f.frame.summary !== null && !f.frame.summary.startsWith(`${best.count} of ${best.all} offers`))
    assert.deepEqual(summaries, [], `the only summary seen is the type's (frames: ${JSON.stringify(frames)})`)
    const last = frames.at(-1).frame
    assert.ok(
      !last.fromHtml && last.rows === best.count && last.summary?.startsWith(`${best.count} of ${best.all}`),
      `then the app's view: ${JSON.stringify(last)}`,
    )
  })

  test('shows every type’s offers once all types are chosen on a store’s page opened with one type', async () => {
    const best = await storeTypeLink()
    await withPage({}, async (page) => {
      const { problems } = watch(page)
      await page.goto(best.url)
      await page
        .getByRole('status')
        .filter({ hasText: `${best.count} of ${best.all} offers` })
        .waitFor()
      await page.getByRole('combobox', { name: /^Product type/ }).selectOption('')
      await page
        .getByRole('status')
        .filter({ hasText: `${best.all} of ${best.all} offers` })
        .waitFor()
      await page.waitForFunction(
        (all) => [...document.querySelectorAll('main table.offer-rows tbody tr')].filter((tr) => tr.checkVisibility()).length === all,
        best.all,
        { timeout: 10_000 },
      )
      assert.deepEqual(problems, [])
    })
  })

  test('never shows every deal for a link to one type’s, only that it is loading and then that type’s', async () => {
    const { deals } = await publishedDeals()
    const vapes = deals.filter((d) => d.category === 'Vape').length
    assert.ok(vapes > 0 && vapes < deals.length, 'the demo has vape deals and others')
    const frames = await framesOf(new URL('dispensary-deals?type=Vape', site).href, { heading: '#deals-heading' })
    const wrong = frames.filter((f) => f.frame.visible && f.frame.heading !== null && f.frame.heading !== `${vapes} deals`)
    assert.deepEqual(wrong, [], `every deals heading shown counts the vape deals, ${vapes} (frames: ${JSON.stringify(frames)})`)
    assert.equal(frames.at(-1).frame.heading, `${vapes} deals`)
  })
})

// Every product's page, rendered after the publish with api/products/<code> (the same
// PUBLISHED_PAGES), and a store page's /menu/<slug> alias, which omc serve sends to it.
describe('the product pages rendered after the publish', () => {
  const OFFER_ROWS = 'table.offer-rows tbody tr'

  /** productOnSale is a published product that a store has on sale (the first deal's). */
  async function productOnSale() {
    const index = await snapshot('deals/index')
    const region = index.regions.find((r) => r.count > 0)
    assert.ok(region, 'the demo publishes deals')
    const { deals } = await snapshot(region.path.replace(/^\/?api\//, ''))
    return snapshot(`products/${deals[0].code}`)
  }

  test('without JavaScript a product page lists its offers: price paid, struck regular price, unit price, store, market, freshness', async () => {
    const product = await productOnSale()
    assert.ok(product.listedNow && product.offers.length > 0, `${product.code} is listed now`)
    const money = (v) => `$${v.toFixed(2)}`
    await withPage({ javaScriptEnabled: false }, async (page) => {
      await page.goto(new URL(`product/${product.code}`, site).href)
      await assertStyled(page, `the product page ${product.code}`)
      assert.equal((await page.locator('h1').innerText()).trim(), product.name)
      const rows = page.locator(OFFER_ROWS)
      assert.equal(await rows.count(), product.offers.length, `${product.code}: every store offering it`)
      const facts = (await page.locator('dl').first().innerText()).replace(/\s+/g, ' ')
      assert.ok(facts.includes(`Size ${product.size}`), `the size ${product.size} in "${facts}"`)
      let struck = 0
      for (let i = 0; i < product.offers.length; i++) {
        const row = rows.nth(i)
        const text = (await row.innerText()).replace(/\s+/g, ' ')
        const store = (await row.getByRole('link').first().innerText()).trim()
        const offers = product.offers.filter((o) => o.storeName === store)
        assert.ok(offers.length > 0, `row ${i}: "${store}" is not a store offering ${product.code}`)
        const offer = offers.find((o) => text.includes(money(o.salePrice ?? o.price))) ?? offers[0]
        const paid = offer.salePrice !== null && offer.salePrice < offer.price ? offer.salePrice : offer.price
        assert.ok(text.includes(money(paid)), `${store}: the price paid ${money(paid)} in "${text}"`)
        if (paid < offer.price) {
          const regular = (await row.locator('del').innerText()).replace(/^\s*regular price\s*/, '').trim()
          assert.equal(regular, money(offer.price), `${store}: the regular price struck`)
          struck++
        }
        if (offer.unitPrice !== null) assert.ok(text.includes(`${money(offer.unitPrice)}/`), `${store}: the unit price in "${text}"`)
        assert.match(text, /Adult use|Medical/, `${store}: no market in "${text}"`)
        assert.match(text, /menu (updated (.+ ago|just now)|never read)/, `${store}: no menu freshness in "${text}"`)
      }
      assert.ok(struck > 0, `${product.code}: the sale's regular price is struck`)
      if (product.sample) assert.equal(await page.getByRole('note').filter({ hasText: 'Sample data' }).count(), 1, 'the page says it is sample data')
      assert.match(await page.getByTestId('rendered-at').innerText(), /^As published .+: the ages shown are counted to that time\.$/)

      // A store page's alias is sent to the page rendered for the store.
      const { slug, storeName } = product.offers[0]
      await page.goto(new URL(`menu/${slug}`, site).href)
      assert.equal(new URL(page.url()).pathname, `/dispensary-menus/${slug}`)
      assert.equal((await page.locator('h1').innerText()).trim(), storeName)
      assert.ok((await page.locator(OFFER_ROWS).count()) > 0, `/menu/${slug}: the store's offers, without JavaScript`)
    })
  })

  test('with JavaScript a product page hydrates from the product it carries: no mismatch, no second request for it', async () => {
    const product = await productOnSale()
    const own = `/api/products/${product.code}`
    // The default view is hydrated; one with a choice in the URL is rendered afresh, from the same data.
    for (const query of ['', '?market=both']) {
      await withPage({}, async (page) => {
        const { problems, requests } = watch(page)
        await page.goto(new URL(`product/${product.code}${query}`, site).href, { waitUntil: 'networkidle' })
        assert.equal(await page.locator('#omc-page-data').count(), 1, `${product.code}${query} carries the product`)
        await page.getByTestId('rendered-at').waitFor({ state: 'detached', timeout: 15_000 })
        await page.locator(OFFER_ROWS).first().waitFor({ timeout: 15_000 })
        assert.equal(await page.locator(OFFER_ROWS).count(), product.offers.length, `${product.code}${query}: every store`)
        // Only the hydrated page changes the URL when a control is used.
        await page.getByRole('combobox', { name: 'Market' }).selectOption('medical')
        await page.waitForURL((url) => url.searchParams.get('market') === 'medical', { timeout: 15_000 })
        assert.deepEqual(problems, [], `${product.code}${query}: no hydration mismatch or other error`)
        assert.deepEqual(
          requests.filter((p) => p === own),
          [],
          `${product.code}${query}: no request for the product the page carries`,
        )
      })
    }
  })
})

describe('strain and terpene pages rendered after the publish', () => {
  test('without JavaScript they show their strain or terpene; with it they hydrate from what they carry (no mismatch, no second request)', async () => {
    const { strains } = await snapshot('strains/index')
    const { terpenes } = await snapshot('terpenes/index')
    const { terpenes: guide } = await snapshot('content/terpenes')
    const guideOnly = guide.find((t) => !terpenes.some((m) => m.slug === t.slug))
    assert.ok(
      strains.length > 0 && terpenes.length > 0 && guideOnly,
      'the demo publishes strains, terpenes on menus and one only the guide describes',
    )
    const pages = [
      { path: `strain-genetics/${strains[0].slug}`, own: `strains/${strains[0].slug}`, name: (await snapshot(`strains/${strains[0].slug}`)).name },
      { path: `terpenes/${terpenes[0].slug}`, own: `terpenes/${terpenes[0].slug}` },
      { path: `terpenes/${guideOnly.slug}`, own: `terpenes/${guideOnly.slug}`, name: guideOnly.name },
    ]
    for (const { path: p, own, name } of pages) {
      const want =
        name ?? guide.find((t) => t.slug === own.split('/')[1] || (t.aliases ?? []).includes(own.split('/')[1]))?.name ?? (await snapshot(own)).name
      await withPage({ javaScriptEnabled: false }, async (page) => {
        await page.goto(new URL(p, site).href)
        assert.equal((await page.locator('h1').innerText()).trim(), want, `/${p} without JavaScript`)
      })
      await withPage({}, async (page) => {
        const { problems, requests } = watch(page)
        await page.goto(new URL(p, site).href, { waitUntil: 'networkidle' })
        assert.equal(await page.locator('#omc-page-data').count(), 1, `/${p} carries its snapshots`)
        assert.equal((await page.locator('h1').innerText()).trim(), want, `/${p} hydrated`)
        assert.deepEqual(problems, [], `/${p}: no hydration mismatch or other error`)
        assert.deepEqual(
          requests.filter((r) => r === `/api/${own}`),
          [],
          `/${p}: no request for the snapshot the page carries`,
        )
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
