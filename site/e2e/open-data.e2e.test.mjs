// Browser test of the Open Price Data page against `omc demo`, and its DuckDB queries
// run against the files the demo published.
//
// The site: OMC_E2E_URL (a running site) or OMC_BIN (started here as `omc demo`).
// The queries are the page's own (src/features/open-data/queries.json); the files are
// fetched from the site (127.0.0.1) into a temporary folder and DuckDB
// (@duckdb/node-api, its engine in its npm packages) reads them there: DuckDB reads a
// URL through its httpfs extension, which it would download from the internet.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { DuckDBInstance } from '@duckdb/node-api'
import { browserAgainstSite, resultsDir, sandboxedPage } from './processes.mjs'

const featureDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/features/open-data')
const { queries } = JSON.parse(fs.readFileSync(path.join(featureDir, 'queries.json'), 'utf8'))
const { columns } = JSON.parse(fs.readFileSync(path.join(featureDir, 'dictionary.json'), 'utf8'))

let site
let browser
const pageErrors = []
const blocked = []

browserAgainstSite('omc demo (open data)', (started) => {
  ;({ site, browser } = started)
})

const newPage = (options) => sandboxedPage({ browser, site, pageErrors, blocked }, options)

async function getJson(name) {
  const response = await fetch(new URL(name, site))
  assert.equal(response.status, 200, `GET /${name}`)
  return response.json()
}

/** sizeText is how the page writes a file's size (formatSize in open-data-page.tsx). */
function sizeText(bytes) {
  if (bytes < 1000) return `${bytes} bytes`
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}

/** show writes a row of DuckDB's for a message (its counts are BigInts). */
const show = (row) => JSON.stringify(row, (_, v) => (typeof v === 'bigint' ? Number(v) : v))

/** fill puts the files in a query as the page does (fillQuery in open-data-queries.ts). */
const literal = (s) => `'${s.replaceAll("'", "''")}'`
const fill = (sql, spells, csv) => sql.replaceAll('{spells}', `[${spells.map(literal).join(', ')}]`).replaceAll('{index_csv}', literal(csv))

describe('open price data', () => {
  test('the page lists the files with their sizes, the data dictionary, the licence, the queries and the sample notice', async () => {
    const listing = await getJson('api/open-data')
    assert.ok(listing.months.length > 0, 'the demo published no month file')
    const page = await newPage()
    try {
      await page.goto(new URL('price-data', site).href)
      await page.getByRole('heading', { level: 1, name: 'Open Price Data' }).waitFor({ timeout: 30_000 })
      await page.getByRole('note').filter({ hasText: 'Sample data:' }).waitFor()
      const files = page.getByRole('table', { name: 'The files of this publish' })
      for (const f of [...listing.months, ...listing.index]) {
        const row = files.getByRole('row').filter({ has: page.getByRole('link', { name: f.path.split('/').pop(), exact: true }) })
        assert.equal(await row.count(), 1, `${f.path}: one row`)
        const cells = await row.getByRole('cell').allTextContents()
        assert.equal(cells[3], sizeText(f.size), `${f.path}: size`)
        assert.equal(cells[2], f.rows.toLocaleString('en-US'), `${f.path}: rows`)
        assert.equal(await row.getByRole('link').getAttribute('href'), new URL(f.path, site).href, `${f.path}: links the published file`)
      }
      const dictionary = page.getByRole('table', { name: 'Columns of the price history (every month file)' })
      const names = []
      for (const row of (await dictionary.getByRole('row').all()).slice(1)) names.push(await row.getByRole('cell').first().textContent())
      assert.deepEqual(
        names,
        columns.map((c) => c.name),
      )
      await page.getByRole('heading', { name: 'Licence' }).waitFor()
      await page.getByRole('link', { name: /CC BY 4\.0/ }).waitFor()
      for (const q of queries) {
        const code = page.getByLabel(`DuckDB query: ${q.title}`, { exact: true })
        const text = await code.textContent()
        if (q.sql.includes('{spells}')) assert.ok(text.includes(new URL(listing.months[0].path, site).href), `${q.id}: names the month files`)
      }
      await page.screenshot({ path: path.join(resultsDir, 'price-data.png'), fullPage: true })
    } finally {
      await page.close()
    }
  })

  test("the page's DuckDB queries run on the published files, and agree with what omc published", async () => {
    const listing = await getJson('api/open-data')
    const index = await getJson('open-data/price-index-weekly.json')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'omc-open-data-'))
    const instance = await DuckDBInstance.create(':memory:')
    const db = await instance.connect()
    try {
      const local = {}
      for (const f of [...listing.months, ...listing.index]) {
        const response = await fetch(new URL(f.path, site))
        assert.equal(response.status, 200, `GET /${f.path}`)
        const body = Buffer.from(await response.arrayBuffer())
        assert.equal(body.length, f.size, `${f.path}: the size api/open-data gives`)
        local[f.path] = path.join(dir, f.path.replaceAll('/', '_'))
        fs.writeFileSync(local[f.path], body)
      }
      const spells = listing.months.map((m) => local[m.path])
      const csv = local[listing.index.find((f) => f.path.endsWith('.csv')).path]
      const run = async (id) => (await db.runAndReadAll(fill(queries.find((q) => q.id === id).sql, spells, csv))).getRowObjectsJS()

      // The columns are the data dictionary's, in its order and with its types.
      const described = (await db.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${fill('{spells}', spells, csv)})`)).getRowObjectsJS()
      assert.deepEqual(
        described.map((c) => `${c.column_name} ${c.column_type}`),
        columns.map((c) => `${c.name} ${c.type}`),
      )

      const [counts] = await run('spells')
      const rows = listing.months.reduce((n, m) => n + m.rows, 0)
      assert.equal(Number(counts.spells), rows, 'spells: the rows api/open-data lists')
      assert.ok(rows > 0 && Number(counts.stores) > 1, `spells: ${rows} rows of ${counts.stores} stores`)

      const flower = await run('flower-per-gram')
      assert.ok(flower.length > 0, 'flower-per-gram: no rows')
      for (const r of flower) assert.ok(r.median_per_gram > 0 && r.median_per_gram < 100, `flower-per-gram: ${show(r)}`)

      const changed = await run('most-changed')
      assert.ok(changed.length > 0 && changed.length <= 10, `most-changed: ${changed.length} rows`)

      // The index's latest statewide week, as DuckDB reads the CSV, is the JSON's.
      const latest = await run('index-latest')
      const week = index.series
        .flatMap((s) => s.points.map((p) => p.week))
        .sort()
        .at(-1)
      const want = index.series
        .filter((s) => s.region === 'Ohio')
        .map((s) => ({ s, p: s.points.find((p) => p.week === week) }))
        .filter(({ p }) => p)
        .map(({ s, p }) => `${week} ${s.category} ${s.unit} ${s.market} ${p.median.toFixed(2)} ${p.offers}`)
        .sort()
      const got = latest
        .map(
          (r) =>
            `${new Date(r.week).toISOString().slice(0, 10)} ${r.category} ${r.unit} ${r.market} ${Number(r.median_price).toFixed(2)} ${r.offers}`,
        )
        .sort()
      assert.ok(want.length > 0, 'the index has no statewide figure for its latest week')
      assert.deepEqual(got, want)
    } finally {
      db.closeSync()
      instance.closeSync()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  test('no script error, Content-Security-Policy violation or request off the machine', () => {
    assert.deepEqual(pageErrors, [])
    assert.deepEqual(blocked, [])
  })
})
