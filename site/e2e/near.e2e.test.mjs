// Browser tests of searching near a place: a ZIP code search on Menus near
// Columbus, ordered by distance; the product page after it showing each store's distance
// and ordering by it; Deals paging to its last deal and its unit-price sort keeping $/g and
// $/100 mg THC apart; axe-core on those screens in light and dark.
//
// The site: OMC_E2E_URL (a running site) or OMC_BIN (started here as `omc demo`).
// Every request for another host is aborted and recorded.
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, test } from 'node:test'
import { axeAcrossThemes, axeViolations, browserAgainstSite, resultsDir, sandboxedPage } from './processes.mjs'

let site
let browser
const pageErrors = []
const blocked = []

browserAgainstSite('omc demo (near)', (started) => {
  ;({ site, browser } = started)
})

/** newPage opens a sandboxed page (processes.mjs) in the colour scheme asked for. */
const newPage = (options) => sandboxedPage({ browser, site, pageErrors, blocked }, options)

const url = (p) => new URL(p, site).href
/** milesIn reads the distance a store cell gives ("Columbus, ≈3.2 mi from ZIP 43215" → 3.2), or null. */
const milesIn = (text) => {
  const m = text.match(/([\d.]+) mi/)
  return m ? Number(m[1]) : null
}
const ascending = (list) => list.every((v, i) => i === 0 || list[i - 1] <= v)
/** dataRows are a table's (or a page's) rows of offers, not its headings. */
const dataRows = (scope) => scope.locator('tbody tr')

describe('searching near a ZIP code', () => {
  test('Menus: an unknown ZIP and one outside Ohio are said plainly; 43215 finds the stores near Columbus, nearest first', async () => {
    const page = await newPage()
    try {
      await page.goto(url('dispensary-menus'))
      await page.getByRole('heading', { name: 'Everything in stock, all of Ohio' }).waitFor({ timeout: 30_000 })
      await page.getByRole('radio', { name: 'Distance' }).check()
      const near = page.getByRole('combobox', { name: 'Near (ZIP code, city or address)' })
      const find = page.getByRole('button', { name: 'Find', exact: true })
      await near.fill('10001')
      await find.click()
      await page.getByText("ZIP code 10001 is not in Ohio: Ohio's ZIP codes run from 43001 to 45999.").waitFor()
      await near.fill('43999')
      await near.press('Enter')
      await page.getByText(/^ZIP code 43999 is not in the Census Bureau's list of Ohio ZIP areas/).waitFor()
      await near.fill('50 W Broad St, Columbus, OH 43215')
      await find.click()
      await page.getByText('Distances from ZIP 43215.').waitFor()
      await page.getByRole('combobox', { name: 'Within' }).selectOption('25')
      await page.getByRole('status').filter({ hasText: 'within 25 miles of ZIP 43215' }).first().waitFor({ timeout: 30_000 })
      // A distance search is ordered by distance, in one list, unless the shopper chooses otherwise.
      assert.equal(await page.getByRole('combobox', { name: 'Sort by' }).inputValue(), 'distance')
      assert.equal(await page.getByRole('checkbox', { name: 'Group by store' }).isChecked(), false)
      const params = new URL(page.url()).searchParams
      assert.equal(params.get('near'), 'ZIP 43215')
      // 43215's Census centre (src/assets/geo/ohio-zips.json).
      assert.deepEqual([params.get('lat'), params.get('lng')], ['39.9669', '-83.0130'])

      const rows = dataRows(page)
      const count = await rows.count()
      assert.ok(count > 0, 'nothing within 25 miles of ZIP 43215')
      const miles = []
      for (let i = 0; i < count; i++) miles.push(milesIn(await rows.nth(i).textContent()))
      assert.ok(
        miles.every((m) => m !== null && m <= 25),
        `a row without a distance or farther than 25 mi: ${miles}`,
      )
      assert.ok(ascending(miles), `not nearest first: ${miles}`)
      await page.screenshot({ path: path.join(resultsDir, 'menus-zip-43215.png'), fullPage: true })

      // Its first product's page keeps the place: every store's distance from ZIP 43215.
      const link = rows.first().getByRole('link').first()
      const name = await link.textContent()
      await link.click()
      await page.getByRole('heading', { level: 1, name }).waitFor()
      await page.getByText('Distances are straight lines from ZIP 43215.').waitFor()
      const stores = page.getByRole('table', { name: /of \d+ menus/ })
      const storeRows = dataRows(stores)
      assert.ok((await storeRows.count()) > 0, 'the product page lists no store')
      const storeCells = await stores
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .locator('td:first-child')
        .allTextContents()
      assert.ok(
        storeCells.every((t) => / mi from ZIP 43215$/.test(t)),
        `a store without its distance from ZIP 43215: ${storeCells}`,
      )
      const href = await storeRows.first().getByRole('link').first().getAttribute('href')
      assert.match(href, /^\/dispensary-menus\/[a-z0-9-]+$/)
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Distance, nearest first' })
      await page.getByRole('heading', { level: 2, name: /nearest first$/ }).waitFor()
      const nearest = (await stores.locator('tbody tr td:first-child').allTextContents()).map(milesIn)
      assert.ok(ascending(nearest), `product page not nearest first: ${nearest}`)
      assert.equal(new URL(page.url()).searchParams.get('sort'), 'distance')
      await page.screenshot({ path: path.join(resultsDir, 'product-near-43215.png'), fullPage: true })
    } finally {
      await page.close()
    }
  })
})

describe('Deals', () => {
  test('pages through to the last deal, in the URL', async () => {
    const page = await newPage()
    try {
      await page.goto(url('dispensary-deals'))
      const heading = page.getByRole('heading', { level: 2, name: /^\d+ deals$/ })
      await heading.waitFor({ timeout: 30_000 })
      const total = Number((await heading.textContent()).match(/^(\d+)/)[1])
      const pages = Math.ceil(total / 100)
      assert.ok(pages > 1, `the demo has ${total} deals: too few to page`)
      const pager = page.getByRole('navigation', { name: 'Pages of deals' })
      await pager.getByText(`Page 1 of ${pages}`).waitFor()
      await pager.getByRole('button', { name: 'Next' }).click()
      await pager.getByText(`Page 2 of ${pages}`).waitFor()
      assert.equal(new URL(page.url()).searchParams.get('page'), '2')
      await page.goto(url(`dispensary-deals?page=${pages}`))
      await page.getByText(`Deals ${(pages - 1) * 100 + 1} to ${total} of ${total}.`).waitFor({ timeout: 30_000 })
      assert.equal(await dataRows(page.getByRole('table').first()).count(), total - (pages - 1) * 100)
      assert.ok(await pager.getByRole('button', { name: 'Next' }).isDisabled(), 'Next is enabled on the last page')
    } finally {
      await page.close()
    }
  })

  test('the unit-price sort lists $/g, then $/100 mg THC, each cheapest first, and says so', async () => {
    const page = await newPage()
    try {
      await page.goto(url('dispensary-deals?sort=unitPrice'))
      await page.getByText(/^Lowest unit price, like with like: /).waitFor({ timeout: 30_000 })
      const units = (
        await page
          .locator('tbody tr td')
          .filter({ hasText: /^(\$[\d,]+\.\d\d\/(g|100 mg THC)|no unit price)$/ })
          .allTextContents()
      ).map((t) => {
        const m = t.match(/^\$([\d,]+\.\d\d)\/(g|100 mg THC)$/)
        return m ? { unit: m[2], price: Number(m[1].replace(/,/g, '')) } : { unit: 'none', price: 0 }
      })
      assert.ok(units.length > 0, 'no unit price on the first page')
      const order = ['g', '100 mg THC', 'none']
      const groups = units.map((u) => order.indexOf(u.unit))
      assert.ok(ascending(groups), `units interleaved: ${units.map((u) => u.unit)}`)
      for (const unit of order) {
        const prices = units.filter((u) => u.unit === unit).map((u) => u.price)
        assert.ok(ascending(prices), `${unit} not cheapest first: ${prices}`)
      }
    } finally {
      await page.close()
    }
  })
})

test('axe-core: Menus near a ZIP, a product page with its distances and Deals pass in light and dark', async () => {
  const failures = await axeAcrossThemes({
    site,
    newPage,
    screens: [
      ['dispensary-menus?by=distance&lat=39.9669&lng=-83.0130&within=25&near=ZIP+43215&type=Flower&sort=distance', 'table'],
      ['dispensary-deals?sort=unitPrice&page=2', 'table'],
    ],
    prepare: async (page, p) => {
      if (p.startsWith('dispensary-menus')) {
        // A problem said under the place field is checked too.
        await page.getByRole('combobox', { name: 'Near (ZIP code, city or address)' }).fill('10001')
        await page.getByRole('button', { name: 'Find', exact: true }).click()
        await page.getByText(/^ZIP code 10001 is not in Ohio/).waitFor()
      }
    },
  })
  // The product page after that search: its controls and distances.
  for (const colorScheme of ['light', 'dark']) {
    const page = await newPage({ colorScheme })
    try {
      await page.goto(url('dispensary-menus?by=distance&lat=39.9669&lng=-83.0130&within=25&near=ZIP+43215&type=Flower&sort=distance'))
      const link = page.locator('tbody tr').first().getByRole('link').first()
      await link.waitFor({ timeout: 30_000 })
      await page.goto(url(`${(await link.getAttribute('href')).slice(1)}?lat=39.9669&lng=-83.0130&near=ZIP+43215&sort=distance`))
      await page.getByText('Distances are straight lines from ZIP 43215.').waitFor({ timeout: 30_000 })
      const found = await axeViolations(page)
      if (found.length) failures.push(`product (${colorScheme}):\n  ${found.join('\n  ')}`)
    } finally {
      await page.close()
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'))
})

test('no page logged an error or left the test host', () => {
  assert.deepEqual(pageErrors, [])
  assert.deepEqual(blocked, [])
})
