// Browser tests of the state's roster on the site against `omc demo`, whose
// replay serves a sample roster with hours, phones and licences: open now on the status
// cards and the map at a chosen hour in Ohio, the Open now filters keeping unknown hours
// apart, licensed stores with no menu (their marker, legend and filter), and axe-core on
// the screens this touches, light and dark.
//
// The site: OMC_E2E_URL (a running site) or OMC_BIN (started here as `omc demo`).
// Every request for another host is aborted and recorded.
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, test } from 'node:test'
import { axeAcrossThemes, browserAgainstSite, resultsDir, sandboxedPage } from './processes.mjs'

const OPEN = /^Open now · (closes .+|24 hours)$/
const CLOSED = /^Closed( · opens .+)?$/

let site
let browser
const pageErrors = []
const blocked = []

browserAgainstSite('omc demo (roster)', (started) => {
  ;({ site, browser } = started)
})

/**
 * ohioToday is the instant of hh:mm today on Ohio's clock. The demo's menus were read
 * just now, so any hour of today keeps them current or stale, never a day off.
 */
function ohioToday(hh, mm = 0) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date())
  for (const offset of ['-05:00', '-04:00']) {
    const at = new Date(`${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00${offset}`)
    const reads = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(at)
    if (Number(reads) === hh) return at
  }
  throw new Error(`no ${hh}:${mm} today in Ohio`)
}

/** newPage opens a sandboxed page (processes.mjs), at a fixed time when asked (the page's clock only); the map's aborted tile requests log console errors. */
const newPage = (options) => sandboxedPage({ browser, site, pageErrors, blocked }, { consoleErrors: false, ...options })

/** openTexts are the "open now" lines of the page's .open-now elements. */
const openTexts = (scope) => scope.locator('.open-now').allTextContents()

describe('the state’s roster on the status page', () => {
  test('cards say open now at noon in Ohio and closed late at night, with phone, address and licence', async () => {
    const page = await newPage({ at: ohioToday(12) })
    try {
      await page.goto(new URL('dispensary-status', site).href)
      const summary = page.getByRole('region', { name: 'Summary' })
      await summary.waitFor({ timeout: 30_000 })
      const licensed = await summary.getByText('Licensed by the state', { exact: true }).locator('xpath=following-sibling::dd').textContent()
      assert.match(licensed ?? '', /^[1-9]\d*$/, `Licensed by the state: ${licensed}`)

      const cards = page.locator('article')
      await cards.first().waitFor()
      const noon = await openTexts(cards)
      assert.ok(
        noon.some((t) => OPEN.test(t)),
        `no card open at noon: ${noon.join(' | ')}`,
      )
      assert.ok(
        noon.every((t) => OPEN.test(t) || CLOSED.test(t) || t === 'Hours unknown'),
        noon.join(' | '),
      )
      const tel = cards.locator('a[href^="tel:+1"]').first()
      assert.match((await tel.textContent()) ?? '', /^\(\d{3}\) \d{3}-\d{4}$/)
      assert.ok((await cards.getByText(/^Licensed by the state: CCD/).count()) > 0, 'no licence on a card')
      assert.ok((await cards.getByText(/\(sample data\)$/).count()) > 0, 'the demo roster’s sample data is not said to be sample')
      await page.screenshot({ path: path.join(resultsDir, 'roster-status-noon.png') })
    } finally {
      await page.close()
    }

    const night = await newPage({ at: ohioToday(22, 30) })
    try {
      await night.goto(new URL('dispensary-status', site).href)
      await night.locator('article').first().waitFor({ timeout: 30_000 })
      const texts = await openTexts(night.locator('article'))
      assert.ok(
        texts.some((t) => /^Closed · opens /.test(t)),
        `no card closed at 22:30: ${texts.join(' | ')}`,
      )
      assert.ok(!texts.some((t) => OPEN.test(t)), `a card open at 22:30: ${texts.join(' | ')}`)
    } finally {
      await night.close()
    }
  })

  test('filters licensed stores with no menu known, and the leads not on the state’s list', async () => {
    const page = await newPage({ at: ohioToday(12) })
    try {
      await page.goto(new URL('dispensary-status', site).href)
      const cards = page.locator('article')
      await cards.first().waitFor({ timeout: 30_000 })
      const listing = page.getByRole('combobox', { name: 'State’s list' })
      await listing.selectOption('licensed-no-menu')
      await page.getByText(/^\d+ of \d+ dispensaries match/).waitFor({ timeout: 10_000 })
      await page.getByRole('heading', { level: 2, name: 'NAR Reserve' }).waitFor({ timeout: 10_000 })
      const n = await cards.count()
      assert.ok(n >= 2, `only ${n} licensed stores with no menu`)
      assert.equal(await cards.getByText(/^Licensed by the state, no menu known/).count(), n)
      await page.screenshot({ path: path.join(resultsDir, 'roster-status-licensed.png') })

      await listing.selectOption('not-listed')
      await cards
        .first()
        .getByText(/^Not on the state’s list/)
        .waitFor({ timeout: 10_000 })
      assert.equal(await cards.getByText(/^Not on the state’s list/).count(), await cards.count())
    } finally {
      await page.close()
    }
  })
})

describe('the state’s roster on the map', () => {
  test('licensed stores with no menu have their own marker, explained; popups say open now', async () => {
    // Beside Ratio Cannabis, New Philadelphia (a licensed store the registry lacks): "Near me" zooms in there.
    const page = await newPage({ at: ohioToday(12), geolocation: { latitude: 40.4935, longitude: -81.4685 } })
    try {
      await page.goto(new URL('dispensary-maps', site).href)
      await page.locator('.leaflet-marker-icon').first().waitFor({ timeout: 30_000 })
      await page
        .getByRole('list', { name: 'What the markers mean' })
        .getByText(/licensed by the state, no menu known/)
        .waitFor()
      await page.getByRole('button', { name: 'Near me' }).click()
      await page.getByRole('region', { name: 'Nearest to you' }).getByText('Ratio Cannabis').waitFor({ timeout: 15_000 })
      const marker = page.locator('.leaflet-marker-icon[title="Ratio Cannabis: licensed, no menu known"]')
      await marker.waitFor({ timeout: 15_000 })
      assert.equal((await marker.textContent())?.trim(), 'L')
      await marker.click()
      const popup = page.locator('.leaflet-popup')
      await popup.getByText('Licensed by the state, no menu known.').waitFor({ timeout: 10_000 })
      const open = await popup.locator('.open-now').textContent()
      assert.ok(OPEN.test(open) || open === 'Hours unknown' || CLOSED.test(open), open)
      await page.screenshot({ path: path.join(resultsDir, 'roster-map-licensed.png') })

      // A store with a menu: its popup says open now too.
      await page.keyboard.press('Escape')
      const list = page.locator('details', { hasText: 'The same stores as a list' })
      await list.locator('summary').click()
      const lines = await list.locator('li').allTextContents()
      assert.ok(
        lines.some((l) => / · Open now · closes /.test(l)),
        'no store in the list is open at noon',
      )
    } finally {
      await page.close()
    }
  })

  test('Open now keeps stores with unknown hours in a group of their own', async () => {
    const page = await newPage({ at: ohioToday(22, 30) })
    try {
      await page.goto(new URL('dispensary-maps', site).href)
      const count = page.getByText(/^\d+ dispensar(y|ies) on the map/)
      await count.waitFor({ timeout: 30_000 })
      const all = Number((await count.textContent()).match(/^\d+/)[0])
      await page.getByRole('checkbox', { name: 'Open now' }).check()
      const split = page.getByText(/^\d+ open now and \d+ whose hours are unknown on the map/)
      await split.waitFor({ timeout: 10_000 })
      const [open, unknown] = (await split.textContent()).match(/\d+/g).map(Number)
      assert.equal(open, 0, 'a store open at 22:30')
      assert.ok(unknown > 0 && unknown < all, `unknown ${unknown} of ${all}`)
      const markers = page.locator('.leaflet-marker-icon')
      await markers.first().waitFor({ timeout: 15_000 })
      // Every marker left (a store or a cluster) is of the unknown-hours group.
      const titles = await markers.evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''))
      assert.ok(
        titles.every((t) => /hours unknown|with unknown hours/.test(t)),
        `markers outside the unknown-hours group: ${titles.filter((t) => !/unknown/.test(t)).join(' | ')}`,
      )
      const list = page.locator('details', { hasText: 'The same stores as a list' })
      await list.locator('summary').click()
      await list.getByRole('heading', { name: 'Hours unknown' }).waitFor()
      await page.screenshot({ path: path.join(resultsDir, 'roster-map-open-now.png') })
    } finally {
      await page.close()
    }
  })
})

describe('the state’s roster in the shop', () => {
  test('Menus says which stores are open and keeps unknown hours apart under Open now', async () => {
    const page = await newPage({ at: ohioToday(12) })
    try {
      await page.goto(new URL('dispensary-menus?by=region&type=Flower&open=1', site).href)
      await page.getByText(/^\d+ offers at \d+ stores?/).waitFor({ timeout: 30_000 })
      const texts = await openTexts(page.getByRole('region', { name: 'Results' }))
      assert.ok(
        texts.some((t) => OPEN.test(t)),
        `no store open at noon: ${[...new Set(texts)].join(' | ')}`,
      )
      assert.ok(!texts.some((t) => CLOSED.test(t)), 'a closed store under Open now')
      const unknown = texts.filter((t) => t === 'Hours unknown').length
      if (unknown > 0) await page.getByRole('heading', { name: 'Stores whose hours are unknown' }).waitFor()
      await page.screenshot({ path: path.join(resultsDir, 'roster-menus-open-now.png') })
    } finally {
      await page.close()
    }
  })
})

describe('accessibility', () => {
  test('no serious or critical axe-core violation on the screens the roster changed, light and dark', async () => {
    const deals = await (await fetch(new URL('api/deals/index', site))).json()
    const product = deals.top[0]?.code
    assert.ok(product, 'no product in api/deals/index')
    const screens = [
      ['dispensary-status', 'article'],
      ['dispensary-maps', '.leaflet-marker-icon'],
      ['dispensary-menus?by=region&type=Flower&open=1', '.open-now'],
      ['dispensary-menus?by=region&type=Flower', '.open-now'],
      [`product/${product}`, '.open-now'],
    ]
    const failures = await axeAcrossThemes({
      site,
      screens,
      newPage: ({ colorScheme }) => newPage({ at: ohioToday(12), colorScheme }),
      prepare: async (page, p) => {
        if (p === 'dispensary-status') {
          await page.getByRole('combobox', { name: 'State’s list' }).selectOption('licensed-no-menu')
          await page
            .getByText(/^Licensed by the state, no menu known/)
            .first()
            .waitFor({ timeout: 10_000 })
        }
        if (p === 'dispensary-maps') {
          await page.getByRole('checkbox', { name: 'Open now' }).check()
          await page.locator('.leaflet-marker-icon:not([title$="zoom in"])').first().click()
          await page.locator('.leaflet-popup .open-now').first().waitFor()
          await page.waitForFunction(() => getComputedStyle(document.querySelector('.leaflet-popup')).opacity === '1')
        }
      },
    })
    assert.deepEqual(failures, [])
  })

  test('no script error, Content-Security-Policy violation or request off the test host but map tiles', () => {
    assert.deepEqual(pageErrors, [])
    // The map asks OpenStreetMap for tiles (aborted here, as in the explore tests); nothing else may leave.
    assert.deepEqual(
      blocked.filter((url) => new URL(url).hostname !== 'tile.openstreetmap.org'),
      [],
    )
  })
})
