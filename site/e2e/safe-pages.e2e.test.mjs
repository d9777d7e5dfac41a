// The data pages rendered after a publish (scripts/prerender-pages.mjs) reach readers whole
// and exact:
// - a product whose name holds String.prototype.replace's patterns ($$, $`, $', $&), markup
//   or U+2028/9 shows the name as its snapshot has it, without JavaScript, with it and
//   after hydration (a name "Money $$ Kush" was rendered "Money $ Kush", and "$`" copied
//   the template into the page);
// - a renderer killed (SIGKILL) while it replaces the pages, with a reader polling them,
//   leaves no page cut short or missing, before or after the kill, and the next run
//   clears what it left.
//
// The site: `omc demo --prerender …` from OMC_BIN (it needs the published tree on disk,
// so no OMC_E2E_URL), serving site/dist (built by `go tool task build`, whose
// pre-rendering bundle the renderer reuses). Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, before, describe, test } from 'node:test'
import { launchChromium, START_TIMEOUT_MS, startDemo } from './processes.mjs'

const DEMO_TIMEOUT_MS = 2 * START_TIMEOUT_MS
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const RENDERER = ['site/scripts/prerender-pages.mjs', '--build', 'dist']

// Each replacement pattern String.prototype.replace reads, markup, and the separators JSON leaves raw.
const HOSTILE_NAMES = [
  'Money $$ Kush',
  'Before $` After',
  "Quote $' Tail",
  'Whole $& Match',
  'Group $1 $<n>',
  '</script><b>Bold</b> & "Quoted" <Kush>',
  'Line\u2028Sep\u2029Para',
]

let site
let outDir
let browser
let stopSite = async () => {}

before(
  async () => {
    if (!process.env.OMC_BIN) throw new Error('set OMC_BIN to the omc binary to run `omc demo` (this test edits its published tree)')
    const demo = startDemo(path.resolve(process.env.OMC_BIN), {
      name: 'omc demo --prerender',
      extraArgs: ['--prerender', `node ${RENDERER.join(' ')}`],
      timeoutMs: DEMO_TIMEOUT_MS,
    })
    stopSite = demo.stop
    site = new URL(await demo.url)
    outDir = path.join(demo.workdir, 'out')
    browser = await launchChromium()
  },
  { timeout: DEMO_TIMEOUT_MS + 60_000 },
)
after(async () => {
  await browser?.close()
  await stopSite()
})

/** render runs the renderer over the demo's published tree to the end. */
function render() {
  const run = spawnSync(process.execPath, [...RENDERER, outDir], { cwd: repoRoot, encoding: 'utf8', timeout: 300_000 })
  assert.equal(run.status, 0, `prerender-pages: ${run.stderr}${run.stdout}`)
}

/** pageFiles lists every index.html under the published tree's pages/. */
function pageFiles() {
  const pagesDir = path.join(outDir, 'pages')
  return fs
    .readdirSync(pagesDir, { recursive: true })
    .filter((f) => f === 'index.html' || f.endsWith(`${path.sep}index.html`))
    .map((f) => path.join(pagesDir, f))
}

/** whole reports whether a page's HTML is all there (a cut-short page lacks its end). */
const whole = (html) => html.trimEnd().endsWith('</html>')

describe('names as their snapshot has them', () => {
  test('with $ patterns, markup and U+2028/9: without JavaScript, with it and after hydration', async () => {
    const productsDir = path.join(outDir, 'api', 'products')
    const codes = fs.readdirSync(productsDir).sort().slice(0, HOSTILE_NAMES.length)
    assert.equal(codes.length, HOSTILE_NAMES.length, 'the demo publishes enough products')
    for (const [i, code] of codes.entries()) {
      const file = path.join(productsDir, code)
      const product = JSON.parse(fs.readFileSync(file, 'utf8'))
      product.name = HOSTILE_NAMES[i]
      fs.writeFileSync(file, JSON.stringify(product))
    }
    render()
    for (const code of codes) {
      const response = await fetch(new URL(`api/products/${encodeURIComponent(code)}`, site))
      const { name } = await response.json()
      const url = new URL(`product/${encodeURIComponent(code)}`, site).href
      const html = await (await fetch(url)).text()
      assert.equal(html.split('<!doctype html>').length, 2, `${url}: one copy of the template`)
      for (const javaScriptEnabled of [false, true]) {
        const context = await browser.newContext({ javaScriptEnabled, serviceWorkers: 'block' })
        try {
          const page = await context.newPage()
          const problems = []
          page.on('pageerror', (error) => problems.push(`script error: ${error.message}`))
          page.on('console', (message) => {
            if (message.type() === 'error' || /hydrat|did not match/i.test(message.text())) problems.push(message.text())
          })
          await page.goto(url, { waitUntil: javaScriptEnabled ? 'networkidle' : 'load' })
          const how = javaScriptEnabled ? 'with JavaScript, hydrated' : 'without JavaScript'
          if (javaScriptEnabled) {
            // Hydrated: React has attached to the pre-rendered root (its fiber key on the element).
            await page.waitForFunction(() => Object.keys(document.querySelector('main h1') ?? {}).some((k) => k.startsWith('__react')), null, {
              timeout: 15_000,
            })
          }
          assert.equal(await page.locator('main h1').evaluate((h1) => h1.textContent), name, `${how}: the heading of ${url}`)
          assert.ok((await page.title()).includes(name), `${how}: the title of ${url}: ${await page.title()}`)
          assert.deepEqual(problems, [], `${how}: ${url} without script error or hydration mismatch`)
        } finally {
          await context.close()
        }
      }
    }
  })
})

describe('pages replaced whole', () => {
  test('a renderer killed midway with a reader polling: no page cut short or missing, and the next run clears its scratch', async () => {
    const files = pageFiles()
    assert.ok(files.length > 100, `the demo renders its pages (${files.length})`)
    const before = new Map(files.map((f) => [f, fs.statSync(f).mtimeMs]))
    // --full: every page rendered again (by default a run keeps the pages whose data did not
    // change since the last one, and there would be nothing to replace).
    const child = spawn(process.execPath, [...RENDERER, '--full', '--products', 'all', outDir], { cwd: repoRoot, stdio: 'ignore' })
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
    let reads = 0
    let killed = false
    const torn = []
    const missing = []
    const started = Date.now()
    const deadline = started + 120_000
    const replaced = new Set()
    // Poll every page while the renderer replaces them; once a quarter of them are replaced,
    // kill it mid-run, and go on reading until it is gone. (A quarter, not half: a page is
    // seen replaced only when a sweep over all of them reaches it, and a loaded CI machine's
    // renderer once finished before the sweeps saw half.)
    while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
      for (const file of files) {
        let html
        try {
          html = await fs.promises.readFile(file, 'utf8')
        } catch (error) {
          if (error.code !== 'ENOENT') throw error
          missing.push(file)
          continue
        }
        reads++
        if (!whole(html)) torn.push(file)
        if (!killed && fs.statSync(file).mtimeMs !== before.get(file)) replaced.add(file)
        if (!killed && replaced.size >= files.length / 4) killed = child.kill('SIGKILL')
      }
    }
    // Past the deadline with the renderer still at work: it is stopped, and the test fails.
    const stillRunning = !killed && child.exitCode === null && child.signalCode === null
    if (stillRunning) child.kill('SIGKILL')
    const { code, signal } = await exited
    const seen = `${reads} page reads, ${replaced.size} of ${files.length} pages seen replaced, in ${Math.round((Date.now() - started) / 1000)} s`
    assert.ok(!stillRunning, `the renderer had not replaced a quarter of the pages in 120 s (${seen})`)
    assert.equal(signal, 'SIGKILL', `the renderer was killed while it ran (it ended with exit code ${code}, signal ${signal}: ${seen})`)
    assert.ok(reads > files.length, `the pages were read while it ran (${reads} reads)`)
    console.log(`${seen}; ${torn.length} cut short, ${missing.length} missing`)
    assert.deepEqual(torn, [], 'no page read cut short while the renderer ran')
    assert.deepEqual(missing, [], 'no page missing while the renderer ran')
    for (const file of files) assert.ok(whole(fs.readFileSync(file, 'utf8')), `${file} whole after the kill`)
    // What a reader is served after the kill: every page whole.
    const bad = []
    for (const file of files) {
      const pagePath = path.relative(path.join(outDir, 'pages'), path.dirname(file)).split(path.sep).map(encodeURIComponent).join('/')
      const response = await fetch(new URL(pagePath, site))
      const text = await response.text()
      if (response.status !== 200 || !whole(text)) bad.push(`/${pagePath} ${response.status} ${response.url} ${text.slice(-80)}`)
    }
    assert.deepEqual(bad, [], 'every page served whole after the kill')
    const left = () => fs.readdirSync(path.join(outDir, 'pages')).filter((e) => e.startsWith('.prerender-'))
    assert.equal(left().length, 1, `the killed run left its scratch folder (${left().join(', ') || 'none'}; ${seen})`)
    render()
    assert.deepEqual(left(), [], 'the next run removed it')
  })
})
