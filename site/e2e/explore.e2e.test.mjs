// Browser tests of the look-and-learn screens against `omc demo`:
// the map with no network, strain and terpene pages, the status page's search
// and anchors, the trends chart, and axe-core on each screen in light and dark.
//
// The site: OMC_E2E_URL (a running site) or OMC_BIN (started here as `omc demo`
// serving site/dist, whose map asks OpenStreetMap for tiles by default). Every
// request for another host than the site's is aborted before it leaves the
// machine and recorded; the map must work without them.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { axeAcrossThemes, browserAgainstSite, resultsDir, sandboxedPage } from './processes.mjs'

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const TILE_HOST = 'tile.openstreetmap.org'

let site
let browser
const pageErrors = []
const blocked = []

browserAgainstSite('omc demo (explore)', (started) => {
  ;({ site, browser } = started)
})

/**
 * newPage opens a sandboxed page (processes.mjs): nothing leaves 127.0.0.1, and the
 * pages run under the site's Content-Security-Policy (a violation is a page error).
 * axe-core is evaluated through the DevTools protocol, which the CSP does not govern.
 * The maps' aborted tile requests log console errors, so those are not page errors.
 */
const newPage = (options) => sandboxedPage({ browser, site, pageErrors, blocked }, { consoleErrors: false, ...options })

async function json(page, name) {
  const response = await page.request.get(new URL(`api/${name}`, site).href)
  assert.equal(response.status(), 200, `GET /api/${name}`)
  return response.json()
}

describe('dispensary maps', () => {
  test('shows markers on Ohio’s outline with no network, and a marker’s popup links to its store', async () => {
    const page = await newPage()
    try {
      await page.goto(new URL('dispensary-maps', site).href)
      await page.getByRole('heading', { level: 1, name: 'Dispensary Maps' }).waitFor({ timeout: 15_000 })
      const markers = page.locator('.leaflet-marker-icon')
      await markers.first().waitFor({ timeout: 30_000 })
      // The outline and county lines are drawn from the site's own file.
      await page.locator('.leaflet-overlay-pane path').nth(1).waitFor({ timeout: 15_000 })
      const count = await markers.count()
      assert.ok(count > 5, `only ${count} markers`)
      const onMap = Number((await page.getByText(/^\d+ dispensar(y|ies) on the map/).textContent()).match(/^\d+/)[0])
      const status = await json(page, 'DispensaryStatus')
      assert.equal(onMap, status.filter((d) => typeof d.lat === 'number' && typeof d.lng === 'number').length)

      // A single store's marker (not a cluster) opens a popup with its freshness and links.
      const single = page.locator('.leaflet-marker-icon[title*=": menu "]').first()
      const title = await single.getAttribute('title')
      const name = title.replace(/: menu (current|stale|missing)$/, '')
      await single.click()
      const popup = page.locator('.leaflet-popup')
      await popup.waitFor({ timeout: 10_000 })
      assert.equal(await popup.locator('p').first().textContent(), name)
      const statusLink = popup.getByRole('link', { name: 'Menu status' })
      const href = await statusLink.getAttribute('href')
      const store = status.find((d) => d.name === name)
      assert.ok(store, `no dispensary named ${name}`)
      assert.equal(href, `/dispensary-status#${store.slug}`)
      await page.screenshot({ path: path.join(resultsDir, 'maps.png') })
      // "Search this menu" opens the store's own page (its menus and offers).
      assert.equal(await popup.getByRole('link', { name: 'Search this menu' }).getAttribute('href'), `/dispensary-menus/${store.slug}`)

      // The link lands on that store's card, scrolled into view.
      await statusLink.click()
      const card = page.locator(`li[id="${store.slug}"]`)
      await card.waitFor({ timeout: 15_000 })
      await page.waitForFunction((id) => {
        const box = document.getElementById(id)?.getBoundingClientRect()
        return box && box.top >= -1 && box.top < window.innerHeight
      }, store.slug)

      // Back on the map, the same popup's "Search this menu" opens the store's page with its offers.
      await page.goBack()
      await page.locator(`.leaflet-marker-icon[title="${title}"]`).first().click()
      // Clicked only once the popup has faded in (a click during Leaflet's animation can miss the link).
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.leaflet-popup')).opacity === '1')
      await page.locator('.leaflet-popup').getByRole('link', { name: 'Search this menu' }).click()
      await page.waitForURL((u) => u.pathname === `/dispensary-menus/${store.slug}`)
      await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 30_000 })
      await page
        .getByRole('status')
        .filter({ hasText: /^\d+ of \d+ offers/ })
        .waitFor({ timeout: 30_000 })
      assert.ok((await page.getByRole('row').filter({ hasText: '$' }).count()) > 0, `no offer on ${name}'s page`)
      assert.ok(
        blocked.every((url) => new URL(url).hostname === TILE_HOST),
        `unexpected requests: ${blocked.join(', ')}`,
      )
    } finally {
      await page.close()
    }
  })

  test('clusters open into their stores', async () => {
    const page = await newPage()
    try {
      await page.goto(new URL('maps', site).href)
      const cluster = page.locator('.leaflet-marker-icon[title$="dispensaries here: zoom in"]').first()
      await cluster.waitFor({ timeout: 30_000 })
      const count = Number((await cluster.getAttribute('title')).match(/^\d+/)[0])
      const zoomBefore = await page.evaluate(() => document.querySelector('.leaflet-proxy')?.style.transform ?? '')
      await cluster.click()
      // The map zooms in (Leaflet's zoom proxy moves), and the cluster's stores show apart or in smaller groups.
      await page.waitForFunction((z) => (document.querySelector('.leaflet-proxy')?.style.transform ?? '') !== z, zoomBefore)
      await page.waitForFunction(
        (n) =>
          [...document.querySelectorAll('.leaflet-marker-icon')].every((m) => !m.title.startsWith(`${n} dispensaries here`)) ||
          document.querySelectorAll('.leaflet-marker-icon').length > 1,
        count,
      )
    } finally {
      await page.close()
    }
  })
})

describe('strains and terpenes', () => {
  test('a strain page reached from the index shows where it is in stock', async () => {
    const page = await newPage()
    try {
      const index = await json(page, 'strains/index')
      const inStock = index.strains.find((s) => s.stores > 0)
      assert.ok(inStock, 'the demo has no strain in stock')
      await page.goto(new URL('strain-genetics', site).href)
      await page.getByRole('searchbox', { name: 'Strain name' }).fill(inStock.name)
      await page.getByRole('table', { name: 'Strains' }).getByRole('link', { name: inStock.name, exact: true }).click()
      await page.getByRole('heading', { level: 1, name: inStock.name, exact: true }).waitFor({ timeout: 15_000 })
      assert.equal(new URL(page.url()).pathname, `/strain-genetics/${inStock.slug}`)
      const offers = page.getByRole('table', { name: `Where ${inStock.name} is listed` })
      await offers.waitFor()
      const rows = offers.locator('tbody tr')
      assert.ok((await rows.count()) > 0, 'no offer listed')
      const first = rows.first()
      // Size, price paid, unit price (or that there is none), market and the menu's freshness at view time.
      assert.match(await first.textContent(), /\$\d+\.\d{2}/)
      assert.match(await first.textContent(), /Adult use|Medical/)
      assert.equal(await first.getByRole('img', { name: /^(current|stale|missing)$/ }).count(), 1)
      assert.equal(await page.getByText('Sample data:').count(), 1, 'demo data not labelled as sample data')
      await page.screenshot({ path: path.join(resultsDir, 'strain.png'), fullPage: true })
    } finally {
      await page.close()
    }
  })

  test('a terpene page describes it with sources and lists the products in stock that list it', async () => {
    const page = await newPage()
    try {
      const index = await json(page, 'terpenes/index')
      await page.goto(new URL('terpenes/limonene', site).href)
      await page.getByRole('heading', { level: 1, name: 'Limonene' }).waitFor({ timeout: 15_000 })
      await page.getByText('Citrus: orange and lemon peel.').waitFor({ timeout: 15_000 })
      const sources = page.getByRole('region', { name: 'Sources' }).getByRole('link')
      assert.ok((await sources.count()) > 0, 'no source links')
      // The demo's Jane menus list terpenes (lab results), so limonene has products.
      const limonene = index.terpenes.find((t) => t.slug === 'limonene')
      assert.ok(limonene?.products > 0, `terpenes/index lists no limonene product: ${JSON.stringify(limonene)}`)
      const rows = page.getByRole('table', { name: 'Products listing Limonene' }).locator('tbody tr')
      await rows.first().waitFor({ timeout: 15_000 })
      assert.equal(await rows.count(), limonene.products)
      await page.screenshot({ path: path.join(resultsDir, 'terpene.png'), fullPage: true })
    } finally {
      await page.close()
    }
  })

  test('the terpene index opens each terpene’s own page', async () => {
    const page = await newPage()
    try {
      const index = await json(page, 'terpenes/index')
      assert.ok(index.terpenes.length > 1, 'the demo lists fewer than two terpenes')
      await page.goto(new URL('terpenes', site).href)
      const nav = page.getByRole('navigation', { name: 'Terpenes' })
      await nav.getByRole('link').first().waitFor({ timeout: 15_000 })
      // The build's page lists the terpenes of the site's own content until the app, once it has
      // the published index, lists the menus' (the menus say beta-caryophyllene, the content
      // caryophyllene): wait for those, bounded; the checks below say what is wrong if they never come.
      await page
        .waitForFunction(
          (slugs) => slugs.every((slug) => document.querySelector(`nav[aria-label="Terpenes"] a[href="/terpenes/${slug}"]`)),
          index.terpenes.map((t) => t.slug),
          { timeout: 15_000 },
        )
        .catch(() => {})
      const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
      // Every terpene the menus list has one link, to its own page (never one compound's link to another's page).
      for (const t of index.terpenes) {
        assert.equal(hrefs.filter((h) => h === `/terpenes/${t.slug}`).length, 1, `${t.name} (${t.slug}) links: ${hrefs.join(' ')}`)
      }
      assert.equal(new Set(hrefs).size, hrefs.length, `a page is linked twice: ${hrefs.join(' ')}`)
      // Each menu terpene's link opens its page, which lists its products.
      for (const t of index.terpenes) {
        await page.goto(new URL('terpenes', site).href)
        await nav.getByRole('link').first().waitFor({ timeout: 15_000 })
        await nav.locator(`a[href="/terpenes/${t.slug}"]`).click()
        await page.waitForURL(new RegExp(`/terpenes/${t.slug}$`))
        await page.locator('tbody tr').first().waitFor({ timeout: 15_000 })
        assert.equal(await page.getByRole('heading', { name: 'Terpene not found' }).count(), 0, t.slug)
      }
    } finally {
      await page.close()
    }
  })
})

describe('trends', () => {
  test('draws the weekly price chart with uPlot and keeps the table', async () => {
    const page = await newPage()
    try {
      // The demo has one week of history; two weeks of publish's golden trends make a line.
      const golden = fs.readFileSync(path.join(siteDir, 'src/testing/fixtures/shop/trends.json'), 'utf8')
      await page.route('**/api/trends', (route) => route.fulfill({ contentType: 'application/json', body: golden }))
      const scripts = []
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
      await page.goto(new URL('trends', site).href)
      await page.locator('figure canvas').first().waitFor({ timeout: 30_000 })
      assert.ok(
        scripts.some((s) => /chart-vendor-/.test(s)),
        'uPlot chunk not loaded',
      )
      assert.equal(await page.getByRole('table', { name: 'Median flower price per gram, adult use', includeHidden: true }).count(), 1)
      await page.screenshot({ path: path.join(resultsDir, 'trends.png'), fullPage: true })
    } finally {
      await page.close()
    }
  })
})

describe('dispensary status', () => {
  test('the search finds a store by city, and its anchor link scrolls to it', async () => {
    const page = await newPage()
    try {
      const status = await json(page, 'DispensaryStatus')
      const byName = [...status].sort((a, b) => a.name.localeCompare(b.name))
      // A store far down the list (beyond the first page of cards), with a city.
      const target = byName.slice(60).find((d) => d.city) ?? byName.find((d) => d.city)
      const sameCity = status.filter((d) => d.city === target.city || d.location.includes(target.city))
      await page.goto(new URL('dispensary-status', site).href)
      const box = page.getByRole('searchbox', { name: 'Name or city' })
      await box.waitFor({ timeout: 15_000 })
      await box.fill(target.city)
      const list = page.getByRole('list', { name: 'Dispensaries' })
      await list.getByRole('heading', { level: 2, name: target.name, exact: true }).waitFor({ timeout: 10_000 })
      const shown = await list.getByRole('article').count()
      assert.ok(shown >= 1 && shown <= sameCity.length + 5, `${shown} cards for ${target.city}`)

      await list.getByRole('link', { name: `Link to ${target.name}`, exact: true }).click()
      assert.equal(new URL(page.url()).hash, `#${target.slug}`)

      // Opened from elsewhere, the link scrolls to the card even though it is past the first page.
      const fresh = await newPage()
      try {
        await fresh.goto(new URL(`dispensary-status#${target.slug}`, site).href)
        await fresh.locator(`li[id="${target.slug}"]`).waitFor({ timeout: 15_000 })
        await fresh.waitForFunction((id) => {
          const r = document.getElementById(id)?.getBoundingClientRect()
          return r && r.top >= -1 && r.top < window.innerHeight
        }, target.slug)
        // Tiles give the age beside the date.
        assert.match(await fresh.locator(`li[id="${target.slug}"]`).textContent(), /\((just now|\d+ (min|h|d) ago)\)/)
      } finally {
        await fresh.close()
      }
    } finally {
      await page.close()
    }
  })
})

describe('accessibility', () => {
  test('no serious or critical axe-core violation on the new screens, the community pages and the status page, light and dark', async () => {
    const strains = await (await fetch(new URL('api/strains/index', site))).json()
    const strain = strains.strains.find((s) => s.stores > 0) ?? strains.strains[0]
    const screens = [
      ['dispensary-maps', '.leaflet-marker-icon'],
      ['trends', 'table'],
      ['strain-genetics', 'table'],
      [`strain-genetics/${strain.slug}`, 'dl'],
      ['terpenes', 'nav[aria-label="Terpenes"]'],
      ['terpenes/limonene', 'dl'],
      ['dispensary-status', 'article'],
      // The community pages as the demo shows them (its sample pages) and Feedback with its forms.
      ['feedback', 'pre'],
      ['chat', 'dl'],
      ['events', 'article'],
      ['march-madness', '[role="meter"]'],
      ['donations', '[role="note"]'],
      // The open price data, with its files listed.
      ['price-data', 'table a'],
    ]
    const failures = await axeAcrossThemes({
      site,
      screens,
      // newPage sets the site's theme to the colour scheme: dark in the dark pass.
      newPage,
      prepare: async (page, p) => {
        if (p !== 'dispensary-maps') return
        // With a store's popup open, so its tiles and links are checked too.
        await page.locator('.leaflet-marker-icon[title*=": menu "]').first().click()
        await page.locator('.leaflet-popup-content a').first().waitFor()
        await page.waitForFunction(() => getComputedStyle(document.querySelector('.leaflet-popup')).opacity === '1')
      },
    })
    assert.deepEqual(failures, [])
  })

  test('no script error or Content-Security-Policy violation on any page', () => {
    assert.deepEqual(pageErrors, [])
  })
})
