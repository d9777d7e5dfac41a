// Browser test of the 30-day low before each sale on the demo's published data: a sale the
// demo's weekly history saw at another price shows "lowest in the 30 days before: $X" on its
// store's page, in Menus, on its product's page and (the best deal) in Deals; a sale whose
// regular price the history never saw charged says "regular price not charged in the last 30
// days". The offers are found in the published snapshots, not named here. Then axe-core on
// those screens in light and dark.
//
// The site: OMC_E2E_URL (a running site) or OMC_BIN (runs `omc demo`), as in
// demo.e2e.test.mjs. Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { axeAcrossThemes, browserAgainstSite } from './processes.mjs'

let site
let browser
const problems = []

browserAgainstSite('omc demo (lows)', (started) => {
  ;({ site, browser } = started)
})

const url = (pathname) => new URL(pathname.replace(/^\//, ''), site).href

/** money writes a price as the site does (formatCost). */
const money = (v) => `$${v.toFixed(2)}`

async function newPage({ colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' })
  if (colorScheme === 'dark') {
    await context.addInitScript(() => localStorage.setItem('omc-theme-settings', JSON.stringify({ theme: 'dark' })))
  }
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`))
  page.close = async () => context.close()
  return page
}

async function getJson(name) {
  const response = await fetch(url(`api/${name}`))
  assert.equal(response.status, 200, `GET api/${name}`)
  return response.json()
}

/**
 * findSales reads the stores' menus until it has an in-stock offer on sale with a 30-day low and
 * one whose regular price was not charged: each as its store, region, market, category, code,
 * name and saleLow.
 */
async function findSales() {
  const { stores } = await getJson('search/stores')
  let withLow = null
  let notCharged = null
  for (const store of stores) {
    const menu = await getJson(`menus/${store.slug}`)
    for (const m of menu.markets) {
      for (const l of m.offers.saleLows ?? []) {
        if (!m.offers.inStock[l.offer]) continue
        const p = m.offers.product[l.offer]
        const sale = {
          slug: store.slug,
          region: store.region,
          market: m.market,
          category: menu.products.category[p],
          code: menu.products.code[p],
          name: menu.products.name[p],
          saleLow: l,
        }
        if (!withLow && l.low !== null) withLow = sale
        if (!notCharged && !l.regularCharged) notCharged = sale
      }
    }
    if (withLow && notCharged) break
  }
  return { withLow, notCharged }
}

/** seesText waits for text on the page (the lists fill in after the snapshots load). */
async function seesText(page, text, where) {
  try {
    await page.getByText(text, { exact: true }).first().waitFor({ timeout: 60_000 })
  } catch {
    assert.fail(`${where}: no "${text}" on ${page.url()}`)
  }
}

describe('the 30-day low before a sale', () => {
  let sales
  test('the demo publishes a sale with a 30-day low and one whose regular price was not charged', async () => {
    sales = await findSales()
    assert.ok(sales.withLow, 'no offer on sale with a 30-day low in the demo')
    assert.ok(sales.notCharged, 'no offer on sale whose regular price was not charged in the demo')
  })

  test('a store page, Menus and the product page show the low', async () => {
    const s = sales.withLow
    const words = `lowest in the 30 days before: ${money(s.saleLow.low)}`
    const page = await newPage()
    try {
      const q = encodeURIComponent(s.name)
      await page.goto(url(`dispensary-menus/${s.slug}?q=${q}&sale=1`))
      await seesText(page, words, 'store page')
      await page.goto(url(`dispensary-menus?by=region&region=${encodeURIComponent(s.region)}&type=${s.category}&q=${q}&sale=1`))
      await seesText(page, words, 'Menus')
      await page.goto(url(`product/${s.code}`))
      await seesText(page, words, 'product page')
      // Each store's offer on the product page says its 90-day low.
      await page
        .getByText(/^lowest in 90 days: \$/)
        .first()
        .waitFor({ timeout: 30_000 })
    } finally {
      await page.close()
    }
  })

  test('a sale whose regular price was not charged says so on its store page', async () => {
    const s = sales.notCharged
    const page = await newPage()
    try {
      await page.goto(url(`dispensary-menus/${s.slug}?q=${encodeURIComponent(s.name)}&sale=1`))
      await seesText(page, 'regular price not charged in the last 30 days', 'store page')
    } finally {
      await page.close()
    }
  })

  test('Deals shows the best deal’s low, and ranks by the discount against it', async () => {
    const { top } = await getJson('deals/index')
    const first = top.find((d) => d.saleLow?.low != null)
    assert.ok(first, 'no deal with a 30-day low in api/deals/index')
    for (let i = 1; i < top.length; i++) {
      assert.ok(top[i - 1].lowDiscount >= top[i].lowDiscount, `deal ${i} ranks above a larger discount against the low`)
    }
    const page = await newPage()
    try {
      await page.goto(url('dispensary-deals'))
      await seesText(page, `lowest in the 30 days before: ${money(first.saleLow.low)}`, 'Deals')
    } finally {
      await page.close()
    }
  })

  test('axe-core finds nothing serious on those screens, light and dark', async () => {
    const s = sales.withLow
    const failures = await axeAcrossThemes({
      site,
      newPage,
      screens: [
        [`dispensary-menus/${s.slug}?q=${encodeURIComponent(s.name)}&sale=1`, '[data-sale-low]'],
        [`product/${s.code}`, '[data-sale-low]'],
        ['dispensary-deals', '[data-sale-low]'],
      ],
    })
    assert.deepEqual(failures, [])
  })

  test('no page error', () => {
    assert.deepEqual(problems, [])
  })
})
