// Browser test of the offer lists' rows on the demo's published data: where a menu lists one
// product code twice, a filter, a sort and a market changed in place on a store's page, Menus, a
// product's page and Deals show exactly the rows a fresh load of the resulting URL shows (rows
// were once keyed by product code, and React kept stale rows). Then axe-core, with the WCAG 2.2
// target-size rule turned on, on the screens this work changed, in light and dark.
//
// The site: OMC_E2E_URL (a running site) or OMC_BIN (runs `omc demo`), as in
// demo.e2e.test.mjs. Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { describe, test } from 'node:test'
import { browserAgainstSite } from './processes.mjs'

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

let site
let browser
const problems = []

browserAgainstSite('omc demo (rows)', (started) => {
  ;({ site, browser } = started)
})

const url = (pathname) => new URL(pathname.replace(/^\//, ''), site).href

/** newPage opens a fresh context (its own storage) in the theme asked for, recording page errors. */
async function newPage({ theme = 'light', width = 1280 } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block' })
  if (theme === 'dark') {
    await context.addInitScript(() => localStorage.setItem('omc-theme-settings', JSON.stringify({ theme: 'dark' })))
  }
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`))
  page.on('console', (message) => {
    // Two children with one key is the very fault this test is about: React says so in the console.
    if (message.type() === 'error' || /same key/.test(message.text())) problems.push(`${page.url()}: console: ${message.text()}`)
  })
  page.close = async () => context.close()
  return page
}

/** getJson reads a published snapshot. */
async function getJson(name) {
  const response = await fetch(url(`api/${name}`))
  assert.equal(response.status, 200, `GET api/${name}`)
  return response.json()
}

/**
 * findDuplicate returns the first tie publish broke (manifest.json's codeCollisions: a store's
 * menu listed one product code twice, and publish gave the others codes of their own): its
 * store, market and category, the code the first item kept, the items' name and how many
 * there were. Those are the rows that were keyed by one code before rows were keyed by offer.
 */
async function findDuplicate() {
  const { codeCollisions = [] } = await (await fetch(url('manifest.json'))).json()
  const { stores } = await getJson('search/stores')
  let found = null
  for (const line of codeCollisions) {
    // "<slug> <market>: <n> items share <code>: product <id> (<size>) as <code>, …"
    const tie = /^(\S+) (\S+): (\d+) items share (\S+):/.exec(line)
    const store = tie && stores.find((s) => s.slug === tie[1])
    if (!store) continue
    const menu = await getJson(`menus/${store.slug}`)
    const i = menu.products.code.indexOf(tie[4])
    if (i < 0) continue
    found = {
      slug: store.slug,
      region: store.region,
      market: tie[2],
      category: menu.products.category[i],
      code: tie[4],
      name: menu.products.name[i],
      offers: Number(tie[3]),
    }
    break
  }
  return { found, menus: codeCollisions.length }
}

/** settled waits for the page's lists to be complete: nothing busy, nothing loading. */
async function settled(page) {
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, { timeout: 60_000 })
}

/** readRows is every offer row on the page now, as text (rowsOf). */
const readRows = (page) =>
  page.$$eval('main tbody tr, main li[class*="offerCard"]', (rows) =>
    rows
      .filter((row) => row.querySelector('a[href*="/product/"], a[href*="/dispensary-menus/"]'))
      .map((row) =>
        row.innerText
          .replace(/menu (updated [^\n\t]*|not read)/g, 'menu')
          .replace(/\s+/g, ' ')
          .trim(),
      ),
  )

/**
 * rowsOf is every offer row on the page, as text, once the page has settled: nothing busy and the
 * same rows over a second (a change in place renders in a transition, after the URL has changed;
 * a long list paints its first rows first). Table rows with a link to a product or a store, and
 * offer cards; the menu's age ("updated 3 minutes ago") is left out: it may tick between loads.
 */
async function rowsOf(page) {
  await page.waitForLoadState('networkidle')
  let last = ''
  let same = 0
  for (let i = 0; i < 240; i++) {
    const busy = await page.evaluate(() => document.querySelectorAll('[aria-busy="true"]').length > 0)
    const rows = busy ? null : await readRows(page)
    const text = JSON.stringify(rows)
    same = rows !== null && text === last ? same + 1 : 0
    if (same >= 4) return rows
    last = text
    await page.waitForTimeout(250)
  }
  throw new Error(`the rows of ${page.url()} never settled`)
}

/**
 * sameAsFreshLoad compares the page's rows, after a change in place, with a fresh load of its
 * URL. The fresh page loads while the page in place settles (each waits a second or more for
 * its rows to hold still, and those waits overlap); should the URL in place move on while it
 * settles, the settled URL is loaded afresh again, so the comparison is always with that.
 */
async function sameAsFreshLoad(page, what) {
  const fresh = await newPage()
  try {
    const early = page.url()
    const [inPlace, settledFresh] = await Promise.all([rowsOf(page), fresh.goto(early).then(() => rowsOf(fresh))])
    let loaded = settledFresh
    if (page.url() !== early) {
      await fresh.goto(page.url())
      loaded = await rowsOf(fresh)
    }
    assert.ok(loaded.length > 0, `${what}: a fresh load of ${page.url()} shows no rows`)
    assert.deepEqual(inPlace, loaded, `${what}: the rows in place differ from a fresh load of ${page.url()}`)
    return loaded
  } finally {
    await fresh.close()
  }
}

/** changed runs change, then waits for the URL to follow. */
async function changed(page, change) {
  const before = page.url()
  await change()
  await page.waitForURL((u) => u.href !== before, { timeout: 30_000 })
}

const MARKET_LABEL = { medical: 'Medical', recreational: 'Adult use' }

describe('one row per offer, where a menu listed one product code twice', () => {
  let dup
  test('the demo data has menus that listed one code twice', async () => {
    const { found, menus } = await findDuplicate()
    assert.ok(found, 'manifest.json names no tie publish broke: nothing to test the rows on')
    assert.ok(found.offers >= 2)
    dup = found
    console.log(`${menus} ties broken at publish; testing ${dup.slug} (${dup.market}): ${dup.name} (${dup.code}) ${dup.offers} times`)
  })

  test('a store page: the text, a sort and a market changed in place', async () => {
    const page = await newPage()
    try {
      await page.goto(url(`dispensary-menus/${dup.slug}`))
      await settled(page)
      await changed(page, () => page.getByRole('combobox', { name: 'Product type' }).selectOption(dup.category))
      await sameAsFreshLoad(page, 'store page, product type')
      await changed(page, () => page.getByRole('searchbox', { name: /Search this menu/ }).fill(dup.name))
      await sameAsFreshLoad(page, 'store page, text')
      await changed(page, () => page.getByRole('combobox', { name: 'Sort by' }).selectOption('thc'))
      await changed(page, () => page.getByRole('combobox', { name: 'Order' }).selectOption('desc'))
      await sameAsFreshLoad(page, 'store page, sort')
      const market = page.getByRole('combobox', { name: 'Market' })
      if (await market.count()) {
        await changed(page, () => market.selectOption(dup.market))
      }
      const rows = await sameAsFreshLoad(page, 'store page, market')
      // Each offer of the product on that market is a row of its own, and the count says as many.
      assert.ok(rows.filter((r) => r.includes(dup.name)).length >= dup.offers, `fewer rows than ${dup.offers} offers of ${dup.name}: ${rows}`)
      await page
        .getByRole('status')
        .filter({ hasText: new RegExp(`^${rows.length} of \\d+ offers`) })
        .waitFor()
    } finally {
      await page.close()
    }
  })

  test('Menus: the text, a sort and a market changed in place', async () => {
    const page = await newPage()
    try {
      await page.goto(url(`dispensary-menus?by=region&region=${encodeURIComponent(dup.region)}&type=${dup.category}`))
      await settled(page)
      await changed(page, () => page.getByRole('searchbox', { name: 'Brand, product or strain' }).fill(dup.name))
      await sameAsFreshLoad(page, 'Menus, text')
      await changed(page, () => page.getByRole('combobox', { name: 'Sort by' }).selectOption('price'))
      await sameAsFreshLoad(page, 'Menus, sort')
      const other = dup.market === 'medical' ? 'recreational' : 'medical'
      await changed(page, () => page.getByRole('checkbox', { name: MARKET_LABEL[other], exact: true }).uncheck())
      const rows = await sameAsFreshLoad(page, 'Menus, market')
      assert.ok(rows.length <= 50, `more rows than a page holds: ${rows.length}`)
    } finally {
      await page.close()
    }
  })

  test('a product page: a market and a sort changed in place', async () => {
    const page = await newPage()
    try {
      // From a distance search's point, so that the page offers its sort by distance too.
      await page.goto(url(`product/${dup.code}?lat=39.9862&lng=-82.9855&near=Columbus`))
      await settled(page)
      await changed(page, () => page.getByRole('combobox', { name: 'Sort by' }).selectOption('distance'))
      await sameAsFreshLoad(page, 'product page, sort')
      await changed(page, () => page.getByRole('combobox', { name: 'Market' }).selectOption(dup.market))
      const rows = await sameAsFreshLoad(page, 'product page, market')
      // The code is the first item's alone now: the others of the tie have codes of their own.
      assert.ok(rows.length >= 1, `the product page of ${dup.code} lists no offer`)
    } finally {
      await page.close()
    }
  })

  test('Deals: a product type, a sort and a market changed in place', async () => {
    const page = await newPage()
    try {
      await page.goto(url('dispensary-deals'))
      await settled(page)
      const type = page.getByRole('combobox', { name: 'Product type' })
      const types = await type.locator('option').evaluateAll((options) => options.map((o) => o.value))
      await changed(page, () => type.selectOption(types.includes(dup.category) ? dup.category : 'Flower'))
      await sameAsFreshLoad(page, 'Deals, product type')
      await changed(page, () => page.getByRole('combobox', { name: 'Sort by' }).selectOption('unitPrice'))
      await sameAsFreshLoad(page, 'Deals, sort')
      await changed(page, () => page.getByRole('combobox', { name: 'Market' }).selectOption(dup.market))
      await sameAsFreshLoad(page, 'Deals, market')
    } finally {
      await page.close()
    }
  })

  test('no page error and no two rows with one key', () => {
    assert.deepEqual(problems, [])
  })
})

describe('the form controls keep to their own places', () => {
  test('Sort by and Order never overlap, from 375 to 1920 px, on Menus and a store page', async () => {
    const { found: dup } = await findDuplicate()
    const overlaps = []
    for (const width of [375, 1024, 1280, 1440, 1920]) {
      const page = await newPage({ width })
      try {
        for (const screen of [`dispensary-menus?by=region&type=${dup.category}&sort=thcValue`, `dispensary-menus/${dup.slug}?sort=thcValue`]) {
          await page.goto(url(screen))
          await settled(page)
          const [sort, order] = await Promise.all(
            ['Sort by', 'Order'].map(async (name) => page.getByRole('combobox', { name, exact: true }).first().boundingBox()),
          )
          const apart =
            sort.x + sort.width <= order.x || order.x + order.width <= sort.x || sort.y + sort.height <= order.y || order.y + order.height <= sort.y
          if (!apart) overlaps.push(`/${screen} at ${width} px: Sort by ${JSON.stringify(sort)}, Order ${JSON.stringify(order)}`)
        }
      } finally {
        await page.close()
      }
    }
    assert.deepEqual(overlaps, [])
  })
})

describe('unknown pages', () => {
  test('answer 404 in omc serve, strain and terpene pages as product and store pages do; known ones 200', async () => {
    const { strains } = await getJson('strains/index')
    assert.ok(strains.length > 0, 'the demo publishes no strain')
    const status = async (p) => (await fetch(url(p))).status
    assert.equal(await status(`strain-genetics/${strains[0].slug}`), 200)
    assert.equal(await status(`genetics/${strains[0].slug}`), 200)
    // A terpene page is known when a menu lists it or the site's guide describes it (its slug or an alias).
    const { terpenes: onMenus } = await getJson('terpenes/index')
    const { terpenes: guide } = await getJson('content/terpenes')
    const listed = new Set(onMenus.map((t) => t.slug))
    const guideOnly = guide.flatMap((t) => [t.slug, ...(t.aliases ?? [])]).filter((slug) => !listed.has(slug))
    assert.ok(onMenus.length > 0 && guideOnly.length > 0, 'the demo has no terpene on its menus, or none only the guide describes')
    for (const slug of [onMenus[0].slug, ...guideOnly]) assert.equal(await status(`terpenes/${slug}`), 200, `GET /terpenes/${slug}`)
    for (const p of [
      'strain-genetics/no-such-strain',
      'genetics/no-such-strain',
      'terpenes/no-such-terpene',
      'product/no-such-product-3-5g',
      'dispensary-menus/nothing-here',
    ]) {
      assert.equal(await status(p), 404, `GET /${p}`)
    }
  })
})

// Light and dark run side by side (each test has its own pages): one's waits and axe-core's
// work in its renderer overlap the other's.
describe('axe-core with the target-size rule, light and dark', { concurrency: 2 }, () => {
  for (const theme of ['light', 'dark']) {
    test(`the changed screens pass in ${theme}`, async () => {
      const { found: dup } = await findDuplicate()
      const screens = [
        `dispensary-menus/${dup.slug}`,
        `dispensary-menus?by=region&region=${encodeURIComponent(dup.region)}&type=${dup.category}&sort=thc`,
        `product/${dup.code}`,
        'dispensary-deals',
        'dispensary-wishlist',
        'dispensary-limits',
        'resources',
      ]
      const failures = []
      for (const width of [1280, 375]) {
        const page = await newPage({ theme, width })
        try {
          for (const screen of screens) {
            await page.goto(url(screen))
            await settled(page)
            await page.evaluate(AXE_SOURCE)
            const violations = await page.evaluate(async () => {
              const r = await window.axe.run(document, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } })
              return r.violations
                .filter((v) => v.impact === 'serious' || v.impact === 'critical')
                .map(
                  (v) =>
                    `${v.id} (${v.nodes.length}×): ${v.nodes
                      .slice(0, 3)
                      .map((n) => n.target.join(' '))
                      .join(' | ')}`,
                )
            })
            if (violations.length) failures.push(`/${screen} at ${width} px:\n  ${violations.join('\n  ')}`)
          }
        } finally {
          await page.close()
        }
      }
      assert.deepEqual(failures, [])
    })
  }
})
