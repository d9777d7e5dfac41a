// Browser tests of the shopping screens (Menus, Deals, Product, Wishlist,
// Limits) on the demo's real published data, doing what a shopper in Columbus
// would, and axe-core on each screen in light and dark.
//
// The site: OMC_E2E_URL (a running site) or OMC_BIN (runs `omc demo`), as in
// demo.e2e.test.mjs. Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, test } from 'node:test'
import { browserAgainstSite, resultsDir, watchCsp } from './processes.mjs'

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const STRAIN = 'Wedding Cake'

let site
let browser
const problems = []

browserAgainstSite('omc demo (shop)', (started) => {
  ;({ site, browser } = started)
})

/** newPage opens a fresh context (its own storage), in the theme asked for, recording errors and foreign requests. */
async function newPage({ theme = 'light', width = 1280 } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block' })
  // The screens run under the site's Content-Security-Policy: any violation is a problem.
  await watchCsp(context, (violation) => problems.push(`CSP: ${violation}`))
  if (theme === 'dark') {
    await context.addInitScript(() => {
      if (!localStorage.getItem('omc-theme-settings')) localStorage.setItem('omc-theme-settings', JSON.stringify({ theme: 'dark' }))
    })
  }
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    // An unknown product is a 404 from the static host, which Chromium always logs; the page says "no longer listed".
    if (/status of 404/.test(message.text()) && /\/api\/products\/no-such-product-3-5g$/.test(message.location().url)) return
    // A path under a known screen answers 404 (omc serve, as a static host) with the not-found screen in the layout.
    // So does an unpublished product's page (omc serve answers 404 for a product whose api/products/<code> is not published).
    if (
      /status of 404/.test(message.text()) &&
      /\/(dispensary-menus\/nothing-here|dispensary-status\/x|product\/no-such-product-3-5g)$/.test(message.location().url)
    )
      return
    // An unknown store's menu is a 404 from the static host; its page says not found.
    if (/status of 404/.test(message.text()) && /\/api\/menus\/nothing-here$/.test(message.location().url)) return
    problems.push(`${page.url()}: console: ${message.text()}`)
  })
  context.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url())
    if ((protocol === 'http:' || protocol === 'https:') && hostname !== site.hostname) problems.push(`request left the test host: ${request.url()}`)
  })
  page.close = async () => context.close()
  return page
}

const url = (pathname) => new URL(pathname.replace(/^\//, ''), site).href

/** pricePaid reads the price a shopper pays from a price cell ("On sale: $36.00 regular price $45.00" → 36). */
const pricePaid = (text) => Number(text.match(/\$(\d+\.\d\d)/)[1])

describe('shopping screens on the demo data', () => {
  test(`find where ${STRAIN} is in stock within 25 miles of Columbus, cheapest first, and open its product page`, async () => {
    const page = await newPage()
    try {
      await page.goto(url('dispensary-menus'))
      // Before any search: the whole state's first page.
      await page.getByRole('heading', { name: 'Everything in stock, all of Ohio' }).waitFor({ timeout: 30_000 })
      await page.getByRole('radio', { name: 'Distance' }).check()
      await page.getByRole('combobox', { name: 'Near (ZIP code, city or address)' }).fill('Columbus')
      await page.getByRole('button', { name: 'Find', exact: true }).click()
      await page.getByRole('combobox', { name: 'Within' }).selectOption('25')
      await page.getByRole('searchbox', { name: 'Brand, product or strain' }).fill(STRAIN)
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price')
      await page
        .getByRole('status')
        .filter({ hasText: `within 25 miles of Columbus, matching “${STRAIN}”` })
        .waitFor()

      const rows = page.getByRole('row').filter({ has: page.getByRole('cell') })
      const count = await rows.count()
      assert.ok(count > 0, `${STRAIN} is nowhere within 25 miles of Columbus`)
      const prices = []
      for (let i = 0; i < count; i++) {
        const cells = rows.nth(i).getByRole('cell')
        const product = await cells.nth(0).textContent()
        assert.match(product, /wedding cake/i, `row ${i} is not ${STRAIN}: ${product}`)
        prices.push(pricePaid(await cells.nth(2).textContent()))
        // Size, unit price, market and menu age are on every row.
        assert.ok((await cells.nth(1).textContent()).trim() !== '', `row ${i} has no size`)
        assert.match(await cells.nth(3).textContent(), /^\$\d+\.\d\d\/(g|100 mg THC)$|^no unit price$/)
        assert.match(await cells.nth(5).textContent(), /^(Medical|Adult use)$/)
        const store = await cells.nth(6).textContent()
        const distance = Number(store.match(/([\d.]+) mi$/)?.[1])
        assert.ok(distance <= 25, `row ${i}: ${store} is more than 25 miles away`)
        assert.match(await cells.nth(7).textContent(), /menu (updated .* ago|updated just now)/)
      }
      assert.deepEqual(
        prices,
        [...prices].sort((a, b) => a - b),
        'not cheapest first',
      )
      assert.equal(new URL(page.url()).searchParams.get('near'), 'Columbus')
      await page.screenshot({ path: path.join(resultsDir, 'menus-wedding-cake.png'), fullPage: true })

      // The cheapest one's product page: the same product across Ohio, cheapest first.
      const link = rows.first().getByRole('link').first()
      const name = await link.textContent()
      await link.click()
      await page.getByRole('heading', { level: 1, name }).waitFor()
      assert.match(new URL(page.url()).pathname, /^\/product\/[a-z0-9-]+$/)
      const offers = page
        .getByRole('table')
        .first()
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
      const productPrices = []
      for (let i = 0; i < (await offers.count()); i++) productPrices.push(pricePaid(await offers.nth(i).getByRole('cell').nth(2).textContent()))
      assert.ok(productPrices.includes(prices[0]), `the product page does not list the $${prices[0]} offer: ${productPrices}`)
      assert.deepEqual(
        productPrices,
        [...productPrices].sort((a, b) => a - b),
        'product page not cheapest first',
      )
      // Distances from the last search's point (Columbus).
      assert.ok((await page.getByText(/from Columbus$/).count()) > 0, 'no distance from Columbus on the product page')
      await page.getByRole('img', { name: /Lowest price paid per day/ }).waitFor()
      await page.screenshot({ path: path.join(resultsDir, 'product.png'), fullPage: true })
    } finally {
      await page.close()
    }
  })

  test('change filters and go back', async () => {
    const page = await newPage()
    try {
      await page.goto(url('dispensary-menus?by=region&region=Central&type=Flower'))
      const summary = page.getByRole('status').filter({ hasText: 'offers at' })
      await summary.waitFor({ timeout: 30_000 })
      const all = await summary.textContent()
      await page.getByRole('checkbox', { name: /^On sale \(\d+\)$/ }).check()
      await page.waitForURL(/sale=1/)
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('unitPrice')
      await page.waitForURL(/sort=unitPrice/)
      await page.goBack()
      await page.waitForURL((u) => !u.search.includes('sort=') && u.search.includes('sale=1'))
      // No order chosen: a region search's is by price.
      assert.equal(await page.getByRole('combobox', { name: 'Sort by' }).inputValue(), 'price')
      assert.equal(await page.getByRole('checkbox', { name: /^On sale \(\d+\)$/ }).isChecked(), true)
      await page.goBack()
      await page.waitForURL((u) => !u.search.includes('sale=1'))
      assert.equal(await page.getByRole('checkbox', { name: /^On sale \(\d+\)$/ }).isChecked(), false)
      // The results follow the form (the router renders them in a transition).
      await page.getByRole('status').filter({ hasText: all }).waitFor()
      await page.goForward()
      await page.waitForURL(/sale=1/)
      assert.equal(await page.getByRole('checkbox', { name: /^On sale \(\d+\)$/ }).isChecked(), true)
    } finally {
      await page.close()
    }
  })

  test('save to the wishlist, reload, see it', async () => {
    const page = await newPage()
    try {
      await page.goto(url('dispensary-deals'))
      const first = page
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .first()
      await first.waitFor({ timeout: 30_000 })
      const name = await first.getByRole('link').first().textContent()
      await first.getByRole('button', { name: `Save to wishlist: ${name}` }).click()
      await page.goto(url('wishlist'))
      // Its card, and the basket plan's store list (a saved product counts once there).
      await page.getByRole('link', { name }).first().waitFor()
      await page.reload()
      await page.getByRole('link', { name }).first().waitFor()
      assert.ok((await page.getByText(/^In stock at \d+ menus?, from \$\d+\.\d\d\.$/).count()) > 0, 'no "in stock at" line')
      await page.screenshot({ path: path.join(resultsDir, 'wishlist.png'), fullPage: true })
    } finally {
      await page.close()
    }
  })

  test('plan a basket of two saved products: its totals are their prices read from the product pages', async () => {
    const page = await newPage()
    try {
      // Two different products from the deals, saved.
      await page.goto(url('dispensary-deals'))
      const rows = page.getByRole('row').filter({ has: page.getByRole('cell') })
      await rows.first().getByRole('link').first().waitFor({ timeout: 30_000 })
      const saved = []
      for (let i = 0; saved.length < 2 && i < (await rows.count()); i++) {
        const link = rows.nth(i).getByRole('link').first()
        const name = await link.textContent()
        if (saved.some((s) => s.name === name)) continue
        saved.push({ name, href: await link.getAttribute('href'), quantity: saved.length + 2 })
        await rows
          .nth(i)
          .getByRole('button', { name: `Save to wishlist: ${name}` })
          .click()
      }
      assert.equal(saved.length, 2, 'fewer than two products on the deals screen')
      // Each product's offers as its page lists them: store, market, price paid.
      for (const product of saved) {
        await page.goto(url(product.href))
        await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 30_000 })
        const offers = page
          .getByRole('table')
          .first()
          .getByRole('row')
          .filter({ has: page.getByRole('cell') })
        product.offers = []
        for (let i = 0; i < (await offers.count()); i++) {
          const cells = offers.nth(i).getByRole('cell')
          product.offers.push({
            store: await cells.nth(0).getByRole('link').first().textContent(),
            market: await cells.nth(1).textContent(),
            price: pricePaid(await cells.nth(2).textContent()),
          })
        }
      }
      // The market both are sold in at one store if there is one, else at two. Within 200 miles of
      // Columbus is all of Ohio, so every store counts; totals by hand, in cents.
      const priceAt = (product, market, store) =>
        Math.min(...product.offers.filter((o) => o.market === market && o.store === store).map((o) => Math.round(o.price * 100)))
      const storesOf = (market) => [...new Set(saved.flatMap((p) => p.offers.filter((o) => o.market === market).map((o) => o.store)))]
      const planCents = (market, stores) => saved.reduce((sum, p) => sum + p.quantity * Math.min(...stores.map((s) => priceAt(p, market, s))), 0)
      const byHand = (market) => {
        const stores = storesOf(market)
        const single = Math.min(...stores.map((s) => planCents(market, [s])))
        const pair = Math.min(...stores.flatMap((a, i) => stores.slice(i + 1).map((b) => planCents(market, [a, b]))))
        return { single, pair }
      }
      const market = ['Adult use', 'Medical'].sort((a, b) => byHand(a).single - byHand(b).single || byHand(a).pair - byHand(b).pair)[0]
      const expected = byHand(market)
      assert.ok(Number.isFinite(expected.pair), `no two stores sell both ${saved.map((p) => p.name).join(' and ')} in one market`)

      await page.goto(url('wishlist'))
      for (const product of saved)
        await page.getByRole('spinbutton', { name: `Packages of ${product.name} in your basket` }).fill(String(product.quantity))
      await page.getByRole('combobox', { name: 'Market' }).selectOption({ label: market })
      // The place through the shared place field (a ZIP code, a city or the device's location).
      await page.getByRole('combobox', { name: 'Near (ZIP code, city or address)' }).fill('Columbus')
      await page.getByRole('button', { name: 'Find' }).click()
      await page.getByText('Distances from Columbus.').waitFor()
      await page.getByRole('combobox', { name: 'Within' }).selectOption('200')
      const total = (group) => page.getByRole('group', { name: group }).getByTestId('plan-total')
      const cents = async (group) => Math.round(Number((await total(group).textContent()).replace('$', '')) * 100)
      const check = async () => {
        await page.getByText(/^Totals are the menu prices, without tax\./).waitFor()
        if (Number.isFinite(expected.single)) {
          assert.equal(await cents('One store'), expected.single, 'the one store with everything')
          if (expected.pair < expected.single) assert.equal(await cents('Two stores'), expected.pair, 'the two stores')
          else await page.getByText(/^No two stores within 200 miles of Columbus together cost less than that one store\.$/).waitFor()
        } else {
          assert.equal(await cents('Two stores'), expected.pair, 'the two stores')
        }
        // Every line: packages × the price paid at that store, as its product page says.
        for (const line of await page.getByRole('group').getByRole('list', { name: /^At / }).getByRole('listitem').all()) {
          const text = await line.textContent()
          const product = saved.find((p) => text.includes(p.name))
          const store = await line.locator('xpath=ancestor::li[1]').getByRole('link').first().textContent()
          assert.match(text, new RegExp(`^${product.quantity} × `))
          assert.equal(Math.round(pricePaid(text) * 100), priceAt(product, market, store), `${product.name} at ${store}`)
        }
      }
      await check()
      await page.screenshot({ path: path.join(resultsDir, 'wishlist-plan.png'), fullPage: true })
      // The basket is kept: a reload plans the same.
      await page.reload()
      await check()
    } finally {
      await page.close()
    }
  })

  test('Deals by value per 100 mg THC: the first rows ascending, each figure worked from its size, THC and price, no-potency deals last', async () => {
    const page = await newPage()
    try {
      await page.goto(url('dispensary-deals'))
      await page.getByRole('heading', { level: 2, name: /^\d+ deals$/ }).waitFor({ timeout: 30_000 })
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Best value by THC (price per 100 mg)' })
      await page.waitForURL(/sort=thcValue/)
      await page.getByRole('columnheader', { name: 'Per 100 mg THC' }).waitFor()
      const total = Number((await page.getByRole('heading', { level: 2, name: /^\d+ deals$/ }).textContent()).match(/^\d+/)[0])
      const note = await page.getByTestId('thc-value-note').textContent()
      const none = Number(note.match(/(\d+) deals? (?:has|have) no usable THC figure and (?:is|are) listed last/)?.[1] ?? 0)
      assert.ok(total - none >= 10, `too few deals with a THC figure to check the order: ${total - none} of ${total}`)
      // Columns: product, size, price, off, unit price, per 100 mg THC, THC, …
      const readRows = () =>
        page
          .getByRole('row')
          .filter({ has: page.getByRole('cell') })
          .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))
      const rows = await readRows()
      const values = rows.slice(0, 10).map((cells) => Number(cells[5].match(/^\$(\d+\.\d\d) per 100 mg THC$/)?.[1]))
      assert.ok(values.every(Number.isFinite), `the first rows have no value: ${rows.slice(0, 10).map((c) => c[5])}`)
      for (let i = 1; i < values.length; i++)
        assert.ok(values[i - 1] <= values[i], `row ${i + 1} ($${values[i]}) before row ${i} ($${values[i - 1]})`)
      // Worked by hand wherever the row shows a weight and a THC %: price paid × 100 / (grams × 1000 × THC% / 100).
      let worked = 0
      for (const cells of rows.slice(0, 10)) {
        const grams = cells[1].match(/^(\d+(?:\.\d+)?)g$/)
        const thc = cells[6].match(/^(\d+(?:\.\d+)?)% THC$/)
        if (!grams || !thc) continue
        const byHand = (pricePaid(cells[2]) * 100) / (Number(grams[1]) * 10 * Number(thc[1]))
        // To the cent as the site rounds (formatCost: the decimal as written, not toFixed's binary).
        assert.equal(
          cells[5],
          `$${(Math.round(Number(`${byHand}e2`)) / 100).toFixed(2)} per 100 mg THC`,
          `${cells[0]}: ${cells[1]} at ${cells[6]} for ${cells[2]}`,
        )
        worked++
      }
      assert.ok(worked > 0, 'no row of the first ten shows a weight and a THC %')
      // The deals without a figure come last, each saying why: on the page of the last deal with one, and after.
      if (none > 0) {
        const firstNone = total - none
        const pageOf = (i) => Math.floor(i / 100) + 1
        await page.goto(url(`dispensary-deals?sort=thcValue&page=${pageOf(firstNone)}`))
        await page.getByRole('columnheader', { name: 'Per 100 mg THC' }).waitFor({ timeout: 30_000 })
        if (total > 100) await page.getByText(`Deals ${(pageOf(firstNone) - 1) * 100 + 1} to`).waitFor()
        const last = (await readRows()).map((cells) => cells[5])
        const at = firstNone % 100
        assert.match(last[at], /^No THC value: /)
        if (at > 0) assert.match(last[at - 1], /^\$\d+\.\d\d per 100 mg THC$/)
        for (const value of last.slice(at)) assert.match(value, /^No THC value: /)
      }
      await page.screenshot({ path: path.join(resultsDir, 'deals-thc-value.png'), fullPage: true })
    } finally {
      await page.close()
    }
  })

  test('fill the limits calculator and check its figures by hand', async () => {
    const page = await newPage()
    try {
      await page.goto(url('dispensary-limits'))
      await page.getByRole('textbox', { name: 'Amount (g)' }).fill('28.3')
      await page.getByRole('textbox', { name: 'THC % (optional)' }).fill('20')
      await page.getByRole('button', { name: 'Add item' }).click()
      await page.getByRole('combobox', { name: 'Form' }).selectOption('vape')
      await page.getByRole('textbox', { name: 'Amount (g)' }).fill('1')
      await page.getByRole('textbox', { name: 'THC % (optional)' }).fill('80')
      await page.getByRole('button', { name: 'Add item' }).click()
      // By hand: 2.5 oz = 70.87 g, 28.3 / 70.87 = 39.9%; 1 g of vape at 80% = 800 mg of the 15,000 mg of total THC = 5.3%.
      const adult = page.getByRole('table', { name: 'Adult-use limits used' })
      assert.match(await adult.textContent(), /28\.30 g of 70\.87 g39\.9%/)
      assert.match(await adult.textContent(), /800 mg of 15,000 mg5\.3%/)
      // Medical, in day units: 28.3 g / 2.83 g = 10 days; 0.8 g THC / (53.1 g / 90) = 1.356 days → 11.4 days,
      // 12.6% of 90 days, 25.2% of a 45-day fill.
      assert.equal(await page.getByTestId('medical-supply').textContent(), '12.6%')
      await page.getByText('about 11.4 days').waitFor()
      await page.getByText('25.2%').waitFor()
      await page.getByText('Not legal advice.').waitFor()
      await page.screenshot({ path: path.join(resultsDir, 'limits.png'), fullPage: true })
    } finally {
      await page.close()
    }
  })

  test('20 g of vape at 70% is within the adult-use limit: 14,000 mg of 15,000 mg of total THC', async () => {
    const page = await newPage()
    try {
      await page.goto(url('dispensary-limits'))
      await page.getByRole('combobox', { name: 'Form' }).selectOption('vape')
      await page.getByRole('textbox', { name: 'Amount (g)' }).fill('20')
      await page.getByRole('textbox', { name: 'THC % (optional)' }).fill('70')
      await page.getByRole('button', { name: 'Add item' }).click()
      const adult = page.getByRole('table', { name: 'Adult-use limits used' })
      await adult.waitFor()
      const text = await adult.textContent()
      assert.match(text, /14,000 mg of 15,000 mg93\.3%/)
      assert.doesNotMatch(text, /over the limit/)
      // One item of 2.83 g of Tier I flower is one day of the medical supply.
      await page
        .getByRole('button', { name: /^Remove/ })
        .first()
        .click()
      await page.getByRole('combobox', { name: 'Form' }).selectOption('flower')
      await page.getByRole('textbox', { name: 'Amount (g)' }).fill('2.83')
      await page.getByRole('textbox', { name: 'THC % (optional)' }).fill('18')
      await page.getByRole('button', { name: 'Add item' }).click()
      await page.getByText('1 day', { exact: true }).waitFor()
    } finally {
      await page.close()
    }
  })

  test('an edible shows its THC in mg on the Menus search and its product page', async () => {
    const page = await newPage()
    try {
      await page.goto(url('dispensary-menus?type=Edible'))
      const rows = page.getByRole('row').filter({ has: page.getByRole('cell') })
      await rows.first().waitFor({ timeout: 30_000 })
      const texts = await rows.allTextContents()
      assert.ok(
        texts.some((t) => /\d mg THC/.test(t)),
        `no edible row says "mg THC": ${texts.slice(0, 3).join(' | ')}`,
      )
      const percent = texts.filter((t) => /\d{3,}(\.\d+)?% THC/.test(t))
      assert.deepEqual(percent.slice(0, 3), [], 'an edible shows hundreds of percent THC')
      const row = rows.filter({ hasText: / mg THC/ }).first()
      await row.getByRole('link').first().click()
      await page.getByRole('heading', { level: 1 }).waitFor()
      const offers = page.getByRole('row').filter({ has: page.getByRole('cell') })
      await offers.first().waitFor({ timeout: 30_000 })
      assert.match(await offers.first().textContent(), /\d mg THC/)
    } finally {
      await page.close()
    }
  })

  test("an offer links to the product on the store's own menu, in a new tab", async () => {
    // The replay's stores keep the registry's Dutchie and Jane menus, whose products have pages of their own.
    const PRODUCT_PAGE =
      /^https:\/\/(dutchie\.com\/dispensary\/[a-z0-9-]+\/product\/[a-z0-9-]+|www\.iheartjane\.com\/stores\/\d+\/[a-z0-9-]+\/products\/\d+\/[a-z0-9-]+)$/
    const page = await newPage()
    try {
      await page.goto(url('dispensary-deals'))
      const rows = page.getByRole('row').filter({ has: page.getByRole('cell') })
      await rows.first().waitFor({ timeout: 30_000 })
      const links = await rows.evaluateAll((trs) =>
        trs.map((tr) => {
          const [product, store] = [...tr.querySelectorAll('a')].map((a) => a.textContent)
          const order = [...tr.querySelectorAll('a[target]')].find((a) => a.textContent === 'Order')
          return { product, store, href: order?.href, target: order?.target, rel: order?.rel, name: order?.getAttribute('aria-label') }
        }),
      )
      const ordered = links.filter((l) => l.href)
      assert.ok(ordered.length > 0, 'no deal links to order')
      for (const l of ordered) {
        assert.equal(l.name, `Order ${l.product} at ${l.store} (opens in a new tab)`)
        assert.equal(l.target, '_blank')
        assert.equal(l.rel, 'noopener')
        assert.match(l.href, /^https?:\/\//)
      }
      const i = links.findIndex((l) => PRODUCT_PAGE.test(l.href ?? ''))
      assert.ok(i >= 0, `no deal links to a Dutchie or Jane product page: ${ordered.map((l) => l.href).slice(0, 5)}`)
      const { store, href } = links[i]

      // Its product page links to the same page for that store.
      await rows.nth(i).getByRole('link').first().click()
      await page.getByRole('heading', { level: 1 }).waitFor()
      const offers = page
        .getByRole('table')
        .first()
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
      await offers.first().waitFor({ timeout: 30_000 })
      const order = offers
        .filter({ has: page.getByRole('link', { name: store, exact: true }) })
        .getByRole('link', { name: `at ${store} (opens in a new tab)` })
      // The offers may paint before the page settles on its order (a place, a market): wait for the link.
      await order
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => assert.fail(`the product page has no link to order at ${store}`))
      const hrefs = await order.evaluateAll((as) => as.map((a) => a.href))
      assert.ok(hrefs.includes(href), `the product page links to ${hrefs}, the deal to ${href}`)
      assert.equal(await order.first().getAttribute('target'), '_blank')
      assert.equal(await order.first().getAttribute('rel'), 'noopener')
    } finally {
      await page.close()
    }
  })

  test('Deals shows prices with tax and links its Atom feed, served as Atom, sample data, linking to product pages that exist', async () => {
    const page = await newPage()
    try {
      const { firstDeal } = await firstDealProduct(page)
      await firstDeal.getByText(/^≈ \$\d+\.\d\d with tax$/).waitFor({ timeout: 30_000 })
      const feedLink = page.getByRole('link', { name: 'deals feed for all Ohio (Atom)' })
      const href = await feedLink.getAttribute('href')
      assert.equal(href, '/feeds/deals.atom')
      assert.equal(await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute('href'), href)
      const feed = await page.request.get(url(href))
      assert.equal(feed.status(), 200)
      assert.equal(feed.headers()['content-type'], 'application/atom+xml; charset=utf-8')
      const xml = await feed.text()
      assert.match(xml, /<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/)
      assert.match(xml, /<title>Sample data: Ohio cannabis deals: all Ohio<\/title>/)
      const entryLink = xml.match(/<entry>[\s\S]*?<link rel="alternate" type="text\/html" href="([^"]+)"/)
      assert.ok(entryLink, 'the feed has no entry')
      await page.goto(url(entryLink[1]))
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 })
      assert.equal(await page.getByRole('heading', { name: 'This product is no longer listed' }).count(), 0, 'the feed links a product with no page')
    } finally {
      await page.close()
    }
  })

  test('“Search this menu” on a status card opens that store’s page with its offers', async () => {
    const page = await newPage()
    try {
      await page.goto(url('dispensary-status'))
      const link = page.getByRole('link', { name: 'Search this menu' }).first()
      await link.waitFor({ timeout: 30_000 })
      const card = page.locator('article').filter({ has: link }).first()
      const name = (await card.getByRole('heading').first().textContent()).trim()
      await link.click()
      await page.waitForURL(/\/dispensary-menus\/[a-z0-9-]+$/)
      await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 30_000 })
      await storePageShowsOffers(page)
    } finally {
      await page.close()
    }
  })

  test('a brand filter’s count is the number of offers it leaves, on Menus and on a store’s page', async () => {
    const page = await newPage()
    try {
      for (const [where, summary] of [
        ['dispensary-menus?by=region&region=Central&type=Flower', /^(\d+) offers at/],
        [null, /^(\d+) of \d+ offers/],
      ]) {
        if (where) await page.goto(url(where))
        else {
          // The store of the first Menus row.
          await page
            .getByRole('row')
            .filter({ has: page.getByRole('cell') })
            .first()
            .getByRole('cell')
            .nth(6)
            .getByRole('link')
            .click()
          await page.waitForURL(/\/dispensary-menus\/[a-z0-9-]+$/)
        }
        const status = page.getByRole('status').filter({ hasText: summary })
        await status.waitFor({ timeout: 30_000 })
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 30_000 })
        const brands = page.getByRole('group', { name: 'Brand' }).getByRole('checkbox')
        const label = await brands.first().locator('xpath=..').textContent()
        const count = Number(label.match(/\((\d[\d,]*)\)$/)[1].replace(/,/g, ''))
        const before = await status.textContent()
        await brands.first().check()
        await page.waitForURL(/brand=/)
        // The results follow the URL in a transition: wait for the summary to change (unless the brand is every offer).
        if (Number(before.match(summary)[1]) !== count)
          await page.waitForFunction((text) => [...document.querySelectorAll('[role="status"]')].every((s) => s.textContent !== text), before, {
            timeout: 30_000,
          })
        const left = Number((await status.textContent()).match(summary)[1])
        assert.equal(left, count, `${where ?? 'store page'}: "${label}" said ${count}, left ${left}`)
      }
    } finally {
      await page.close()
    }
  })

  test('an unknown product says it is no longer listed; paths under known screens keep the layout', async () => {
    const page = await newPage()
    try {
      await page.goto(url('product/no-such-product-3-5g'))
      await page.getByRole('heading', { name: 'This product is no longer listed' }).waitFor({ timeout: 30_000 })
      await page.getByRole('button', { name: 'Search the menus' }).click()
      await page.waitForURL(/\/dispensary-menus\?.*q=no\+such\+product/)
      // An unknown store's page is the not-found screen.
      await page.goto(url('dispensary-menus/nothing-here'))
      await page.getByRole('heading', { name: 'The page you requested was not found!' }).waitFor()
      assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 1, 'the layout is gone')
    } finally {
      await page.close()
    }
  })
})

/** firstStorePath is the path of the store page the status page's first "Search this menu" opens. */
async function firstStorePath(page) {
  await page.goto(url('dispensary-status'))
  const link = page.getByRole('link', { name: 'Search this menu' }).first()
  await link.waitFor({ timeout: 30_000 })
  return (await link.getAttribute('href')).replace(/^\//, '')
}

/** storePageShowsOffers checks a store's page: its menus' freshness, a link to order, and offer rows with their facts. */
async function storePageShowsOffers(page) {
  await page.getByRole('heading', { level: 2, name: 'Menus' }).waitFor()
  await page
    .getByRole('status')
    .filter({ hasText: /^\d+ of \d+ offers/ })
    .waitFor({ timeout: 30_000 })
  const order = page.getByRole('link', { name: /^Order for pickup on the store’s/ }).first()
  assert.equal(await order.getAttribute('target'), '_blank')
  assert.equal(await order.getAttribute('rel'), 'noopener')
  const rows = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .filter({ hasText: '$' })
  assert.ok((await rows.count()) > 0, 'no offer on the store page')
  const cells = rows.first().getByRole('cell')
  assert.ok((await cells.nth(1).textContent()).trim() !== '', 'no size')
  assert.match(await cells.nth(2).textContent(), /\$\d+\.\d\d/)
  assert.match(await cells.nth(3).textContent(), /^\$\d+\.\d\d\/(g|100 mg THC)$|^no unit price$/)
  assert.match(await cells.nth(5).textContent(), /^(Medical|Adult use)$/)
  await page.getByText('Sample data:').first().waitFor()
}

/** firstDealProduct opens the deals and returns the first deal's row and its product's path: a product that exists. */
async function firstDealProduct(page) {
  await page.goto(url('dispensary-deals'))
  const firstDeal = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first()
  const link = firstDeal.getByRole('link').first()
  await link.waitFor({ timeout: 30_000 })
  return { firstDeal, productPath: (await link.getAttribute('href')).replace(/^\//, '') }
}

// Each new screen, the homepage and an in-layout not-found, with axe-core's default rules.
const AXE_PAGES = [
  '',
  'dispensary-menus',
  'dispensary-menus?by=distance&lat=39.9862&lng=-82.9855&within=25&near=Columbus&q=wedding&type=Flower',
  'dispensary-deals',
  'dispensary-deals?sort=thcValue',
  'product/',
  'dispensary-wishlist',
  'dispensary-limits',
  'dispensary-status/x',
  'store/',
]

// Light and dark run side by side (each test has its own page): one's waits and axe-core's
// work in its renderer overlap the other's.
describe('axe-core: no serious or critical violation', { concurrency: 2 }, () => {
  for (const theme of ['light', 'dark']) {
    test(`every shopping screen in ${theme}`, async () => {
      const page = await newPage({ theme })
      const found = []
      try {
        const { productPath, firstDeal } = await firstDealProduct(page)
        // Something on the wishlist, so its cards are checked too.
        await firstDeal.getByRole('button', { name: /^Save to wishlist/ }).click()
        const storePath = await firstStorePath(page)
        for (const p of AXE_PAGES.map((p) => (p === 'product/' ? productPath : p === 'store/' ? storePath : p))) {
          await page.goto(url(p))
          await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 })
          // Wait for the data to arrive (no spinner left).
          await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label^="Loading"], .spinner, [aria-busy="true"]'), null, {
            timeout: 30_000,
          })
          assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), theme === 'dark', `${p}: theme`)
          if (p === 'dispensary-wishlist') {
            // A package in the basket, so the planner's plan is checked too.
            await page
              .getByRole('spinbutton', { name: /^Packages of / })
              .first()
              .fill('1')
            await page.getByText(/^Totals are the menu prices, without tax\./).waitFor()
          }
          if (p === 'dispensary-limits') {
            // An item added, the pointer left on "Add item": its hover colours are checked too.
            await page.getByRole('textbox', { name: 'Amount (g)' }).fill('3.5')
            await page.getByRole('button', { name: 'Add item' }).click()
            await page.getByRole('table', { name: 'Adult-use limits used' }).waitFor()
          }
          // Evaluated through the DevTools protocol, which the page's CSP does not govern
          // (an injected inline <script> would rightly be blocked by it).
          await page.evaluate(AXE_SOURCE)
          const result = await page.evaluate(async () => {
            const r = await window.axe.run(document, { resultTypes: ['violations'] })
            return r.violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => ({ id: v.id, nodes: v.nodes.length, example: v.nodes[0]?.target.join(' '), summary: v.nodes[0]?.failureSummary }))
          })
          for (const v of result) found.push(`/${p} (${theme}): ${v.id} on ${v.nodes} nodes, e.g. ${v.example}: ${v.summary}`)
        }
        await page.screenshot({ path: path.join(resultsDir, `axe-last-${theme}.png`), fullPage: true })
      } finally {
        await page.close()
      }
      assert.deepEqual(found, [], found.join('\n'))
    })
  }
})

// On a phone (390 px), every fact of an offer (product, size, price, unit price, THC,
// market, store, menu age) is on screen without scrolling sideways, in every offer list.
describe('on a phone', { concurrency: 2 }, () => {
  for (const theme of ['light', 'dark']) {
    test(`offers fit the screen and pass axe-core in ${theme}`, async () => {
      const page = await newPage({ theme, width: 390 })
      const found = []
      try {
        await page.goto(url('dispensary-limits'))
        await page.getByRole('heading', { name: 'Sources' }).waitFor({ timeout: 30_000 })
        const wide = await page.evaluate(() => document.documentElement.scrollWidth)
        if (wide > 390) found.push(`/dispensary-limits (${theme}): the page is ${wide} px wide on a 390 px screen`)
        const { productPath } = await firstDealProduct(page)
        const storePath = await firstStorePath(page)
        for (const p of ['dispensary-deals', 'dispensary-menus', productPath, storePath]) {
          await page.goto(url(p))
          await page.locator('tbody tr').first().waitFor({ timeout: 30_000 })
          const cut = await page.evaluate(() => {
            const out = []
            for (const row of [...document.querySelectorAll('tbody tr')].slice(0, 20)) {
              for (const cell of row.cells) {
                const box = cell.getBoundingClientRect()
                if (box.width > 0 && box.right > window.innerWidth + 1)
                  out.push(`"${cell.textContent.trim().slice(0, 40)}" ends at ${Math.round(box.right)} px`)
              }
            }
            return out
          })
          for (const c of cut.slice(0, 3)) found.push(`/${p} (${theme}): ${c}, past the 390 px screen`)
          await page.evaluate(AXE_SOURCE)
          const result = await page.evaluate(async () => {
            const r = await window.axe.run(document, { resultTypes: ['violations'] })
            return r.violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => `${v.id} on ${v.nodes.length} nodes, e.g. ${v.nodes[0]?.target.join(' ')}`)
          })
          for (const v of result) found.push(`/${p} (${theme}): ${v}`)
        }
      } finally {
        await page.close()
      }
      assert.deepEqual(found, [], found.join('\n'))
    })
  }
})

test('no page logged an error or left the test host', () => {
  assert.deepEqual(problems, [])
})
