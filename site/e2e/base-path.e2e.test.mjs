// Browser test of the site on a static host that sends no headers, under a sub-path, as a
// fork's GitHub Pages project site serves it (https://<owner>.github.io/<repo>/): the build
// for /omc/ (site/dist-base, `go tool task site:build:base`), the demo's data published
// (`omc demo` from OMC_BIN, its tree taken once published) and the data pages rendered as
// the publish workflow does (.github/workflows/publish.yml: the build copied over the
// published tree, then scripts/prerender-pages.mjs --pages on it), served by a plain file
// server under /omc/. Every sidebar screen (from src/config/routes.ts), a store's page and a
// product's load and navigate under /omc/; the service worker's scope is /omc/ and it
// serves the pages offline; the pages' own policy (their <meta> element, the only one
// here) is never violated, and an inline script added to a pre-rendered page is refused. A
// known strain or terpene page answers 200 (rendered after the publish), an unknown strain,
// terpene, product or store page the host's 404. An alias of a screen, a store or a strain
// (/menu/<slug>) answers 200 with a page leading to the main path, query and fragment kept.
// A page of the app the host sends as 404.html says it is loading until the app shows it,
// never "not found" nor a blank page (recorded frame by frame at 4x CPU slowdown).
// Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { runnerImport } from 'vite'
import { axeViolations, launchChromium, START_TIMEOUT_MS, startDemo, watchCsp } from './processes.mjs'

const BASE = '/omc/'
const BUILD = 'dist-base'
const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const NOT_FOUND = 'The page you requested was not found!'
// How late the screen's code arrives in the test of the page the host sends as 404.html.
const SLOW_SCREEN_CODE_MS = 1_500

// What a static host answers with: a type by extension (a snapshot has none) and nothing else.
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.atom': 'application/atom+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
}

/**
 * staticHost serves root's files the way GitHub Pages does, with no security header:
 * <path>/index.html for a directory, /omc sent to /omc/, and the site's 404.html with a
 * 404 for anything else. Every path asked for is pushed to requests.
 */
function staticHost(root, requests) {
  return http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname)
    requests.push(pathname)
    if (pathname === BASE.slice(0, -1)) {
      res.writeHead(301, { Location: BASE }).end()
      return
    }
    let file = path.join(root, pathname)
    if (!file.startsWith(root + path.sep)) file = ''
    else if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html')
    if (file && fs.existsSync(file) && fs.statSync(file).isFile()) {
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
      fs.createReadStream(file).pipe(res)
      return
    }
    res.writeHead(404, { 'Content-Type': TYPES['.html'] })
    res.end(fs.readFileSync(path.join(root, BASE, '404.html')))
  })
}

let browser
let server
let site
let tree
let workdir
const requests = []

/** sidebarPaths are the paths the sidebar links, from the site's one list of screens. */
async function sidebarPaths() {
  const { module } = await runnerImport(path.join(siteDir, 'src', 'config', 'routes.ts'))
  return module.ROUTES.filter((r) => r.nav).map((r) => r.nav[2] ?? r.path)
}

before(
  async () => {
    if (!process.env.OMC_BIN) throw new Error('set OMC_BIN to the omc binary: its demo publishes the data served here')
    const build = path.join(siteDir, BUILD)
    if (!fs.existsSync(path.join(build, 'index.html'))) throw new Error(`no build in site/${BUILD}: go tool task site:build:base`)
    workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'omc-e2e-base-'))
    tree = path.join(workdir, 'www', BASE)
    // The demo's published tree, taken once published (the demo then serves it: not used here).
    const demo = startDemo(path.resolve(process.env.OMC_BIN), { name: 'omc demo (data for /omc/)', siteDir: build })
    try {
      await demo.url
      fs.cpSync(path.join(demo.workdir, 'out'), tree, { recursive: true })
    } finally {
      await demo.stop()
    }
    // The publish workflow's steps: the build over the published tree, then its data pages.
    fs.cpSync(build, tree, { recursive: true })
    await promisify(execFile)(process.execPath, ['scripts/prerender-pages.mjs', '--build', BUILD, '--products', '8', '--pages', tree, tree], {
      cwd: siteDir,
    })
    server = staticHost(path.join(workdir, 'www'), requests)
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
    site = new URL(BASE, `http://127.0.0.1:${server.address().port}`)
    browser = await launchChromium()
  },
  { timeout: START_TIMEOUT_MS + 120_000 },
)
after(async () => {
  await browser?.close()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()))
  if (workdir) fs.rmSync(workdir, { recursive: true, force: true })
})

/**
 * withContext opens a browser context on the site (service workers blocked unless
 * serviceWorkers is 'allow'), every request to another host aborted and pushed to
 * problems with every script error and policy violation, and runs use with a page.
 */
async function withContext({ serviceWorkers = 'block' } = {}, use) {
  const problems = []
  const context = await browser.newContext({ serviceWorkers })
  await watchCsp(context, (violation) => problems.push(`CSP: ${violation}`))
  await context.route(
    (url) => url.hostname !== site.hostname,
    (route) => {
      problems.push(`request off the host: ${route.request().url()}`)
      return route.abort('internetdisconnected')
    },
  )
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`))
  try {
    await use(page, context, problems)
  } finally {
    await context.close()
  }
  return problems
}

/** open goes to an app path under /omc/ and waits for its screen (not the not-found one) to show. */
async function open(page, appPath) {
  await page.goto(new URL(appPath.slice(1), site).href)
  await page.locator('main h1, main h2').first().waitFor({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  const text = await page.locator('body').innerText()
  assert.ok(!text.includes(NOT_FOUND), `${appPath}: the not-found screen`)
  return text
}

/** published reads a snapshot of the tree. */
const published = (name) => JSON.parse(fs.readFileSync(path.join(tree, 'api', name), 'utf8'))

describe('the site under /omc/ on a host that sends no headers', () => {
  test('every sidebar screen, a store page and a product page load under /omc/, with the policy of their meta element and no violation', async () => {
    const paths = await sidebarPaths()
    assert.ok(paths.length >= 15, `routes.ts gives only ${paths.length} sidebar screens`)
    const store = fs.readdirSync(path.join(tree, 'api', 'menus')).sort()[0]
    const rendered = fs.readdirSync(path.join(tree, 'product')).sort()[0]
    const product = fs
      .readdirSync(path.join(tree, 'api', 'products'))
      .sort()
      .find((code) => !fs.existsSync(path.join(tree, 'product', code)))
    assert.ok(store && rendered && product, 'the demo publishes menus and products, some rendered after the publish, some not')
    const from = requests.length
    const problems = await withContext({}, async (page) => {
      for (const p of paths) {
        await open(page, p)
        const policy = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '')
        assert.match(policy, /script-src 'self'( 'sha256-[^']+')+;/, `${p}: the page carries no Content-Security-Policy`)
        assert.ok(!policy.includes('frame-ancestors'), `${p}: frame-ancestors in a meta element (ignored there)`)
        // Every link to a page of the site (the layout's, the screen's, its content's) leads under /omc/.
        const stray = await page.$$eval('a[href^="/"]', (links) => links.map((a) => a.getAttribute('href') ?? ''))
        const outsideBase = stray.filter((href) => !href.startsWith(BASE) && href !== BASE.slice(0, -1))
        assert.deepEqual(outsideBase, [], `${p}: links outside ${BASE}`)
      }
      const storeText = await open(page, `/dispensary-menus/${store}`)
      const storeName = published(`menus/${store}`).name
      assert.ok(storeName && storeText.includes(storeName), `the store page of ${store} does not name ${storeName}`)
      // One product page rendered after the publish, one the host answers with 404.html (rendered by the app).
      for (const code of [rendered, product]) {
        const text = await open(page, `/product/${code}`)
        assert.ok(text.includes(published(`products/${code}`).name), `the product page of ${code} does not name its product`)
      }
      await open(page, '/dispensary-deals')
      const feed = await page.locator('a[type="application/atom+xml"]').first().getAttribute('href')
      assert.ok(feed?.startsWith(`${BASE}feeds/`), `the deals feed link ${feed} is not under ${BASE}`)
      const answer = await page.request.get(new URL(feed, site).href)
      assert.equal(answer.status(), 200, `GET ${feed}`)
    })
    assert.deepEqual(problems, [], 'script errors, policy violations or requests off the host')
    const outside = requests.slice(from).filter((p) => !p.startsWith(BASE))
    assert.deepEqual(outside, [], 'requests outside /omc/ (a path built without the base path)')
    const snapshots = requests.slice(from).filter((p) => p.startsWith(`${BASE}api/`))
    assert.ok(snapshots.length > 0, 'the screens fetched no snapshot under /omc/api/')
  })

  test('links navigate inside the app under /omc/, back and forth', async () => {
    const problems = await withContext({}, async (page) => {
      await open(page, '/')
      const nav = page.getByRole('navigation', { name: 'Main' })
      await nav.getByRole('link', { name: 'events' }).click()
      await page.waitForURL((url) => url.pathname === `${BASE}events`)
      await page.locator('main h1, main h2').first().waitFor()
      await nav.getByRole('link', { name: 'Status' }).click()
      await page.waitForURL((url) => url.pathname === `${BASE}dispensary-status`)
      await page.locator('article h2').first().waitFor({ timeout: 30_000 })
      await page.goBack()
      await page.waitForURL((url) => url.pathname === `${BASE}events`)
      for (const href of await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
        assert.ok(href?.startsWith(BASE), `sidebar link ${href} is not under ${BASE}`)
      }
    })
    assert.deepEqual(problems, [])
  })

  test('the service worker takes /omc/ as its scope, precaches under it and opens the pages offline', async () => {
    const problems = await withContext({ serviceWorkers: 'allow' }, async (page, context) => {
      await open(page, '/')
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
      assert.equal(scope, site.href, 'the worker registered for another scope')
      await page.reload()
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 })
      await context.setOffline(true)
      const text = await open(page, '/events')
      assert.ok(text.length > 0)
      assert.equal(new URL(page.url()).pathname, `${BASE}events`)
      await context.setOffline(false)
    })
    assert.deepEqual(problems, [])
  })

  test('a known strain or terpene has a page of its own (200); an unknown strain, terpene, product or store page is the host’s 404', async () => {
    const strain = published('strains/index').strains[0]
    const onMenus = published('terpenes/index').terpenes
    const guide = published('content/terpenes').terpenes
    const guideOnly = guide.find((t) => !onMenus.some((m) => m.slug === t.slug))
    assert.ok(strain && onMenus.length > 0 && guideOnly, 'the demo publishes strains, terpenes on menus and a terpene only the guide describes')
    // A page rendered after the publish carries its name before any script runs.
    for (const [p, name] of [
      [`strain-genetics/${strain.slug}`, published(`strains/${strain.slug}`).name],
      [`terpenes/${onMenus[0].slug}`, published(`terpenes/${onMenus[0].slug}`).name],
      [`terpenes/${guideOnly.slug}`, guideOnly.name],
      [`terpenes/${guideOnly.aliases?.[0] ?? guideOnly.slug}`, guideOnly.name],
    ]) {
      const answer = await fetch(new URL(p, site))
      assert.equal(answer.status, 200, `GET ${BASE}${p}`)
      assert.ok((await answer.text()).includes(name), `${BASE}${p} does not name ${name}`)
    }
    for (const p of ['strain-genetics/no-such-strain', 'terpenes/no-such-terpene', 'product/no-such-product-3-5g', 'dispensary-menus/nothing-here']) {
      const answer = await fetch(new URL(p, site))
      assert.equal(answer.status, 404, `GET ${BASE}${p}`)
    }
    // The host's 404.html is the app: it says the terpene is not known.
    const problems = await withContext({}, async (page) => {
      await page.goto(new URL('terpenes/no-such-terpene', site).href)
      await page.getByRole('heading', { level: 1, name: 'Terpene not found' }).waitFor({ timeout: 30_000 })
    })
    assert.deepEqual(problems, [])
  })

  test('an alias of a store, a strain or a screen is a page of its own (200) that leads to the main path, query and fragment kept', async () => {
    const store = fs.readdirSync(path.join(tree, 'api', 'menus')).sort()[0]
    const strain = published('strains/index').strains[0].slug
    const aliases = [
      [`menu/${store}`, `dispensary-menus/${store}`, published(`menus/${store}`).name],
      [`genetics/${strain}`, `strain-genetics/${strain}`, published(`strains/${strain}`).name],
      ['menu', 'dispensary-menus'],
      ['genetics', 'strain-genetics'],
    ]
    for (const [alias, main] of aliases) {
      const answer = await fetch(new URL(alias, site))
      assert.equal(answer.status, 200, `GET ${BASE}${alias}`)
      const html = await answer.text()
      assert.ok(Buffer.byteLength(html) < 1024, `${BASE}${alias}: ${Buffer.byteLength(html)} bytes, want a small page leading on`)
      assert.ok(
        html.includes(`<link rel="canonical" href="https://ohiomc.github.io${BASE}${main}">`),
        `${BASE}${alias}: no canonical link to ${main}`,
      )
    }
    const problems = await withContext({}, async (page) => {
      for (const [alias, main, name] of aliases) {
        await page.goto(new URL(`${alias}?ref=shared#top`, site).href)
        await page.waitForURL((url) => url.pathname === `${BASE}${main}`, { timeout: 15_000 })
        const url = new URL(page.url())
        assert.equal(`${url.search}${url.hash}`, '?ref=shared#top', `${BASE}${alias}: the query and fragment are not kept`)
        const h1 = (await page.locator('main h1').first().innerText()).trim()
        if (name) assert.equal(h1, name, `${BASE}${alias} leads to the page of ${name}`)
      }
    })
    assert.deepEqual(problems, [], 'script errors, policy violations or requests off the host')
    // Without JavaScript (a link preview, a crawler) the page's refresh leads there too.
    const context = await browser.newContext({ javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      for (const [alias, main] of aliases) {
        await page.goto(new URL(alias, site).href)
        await page.waitForURL((url) => url.pathname === `${BASE}${main}`, { timeout: 15_000 })
      }
    } finally {
      await context.close()
    }
    // What shows for the moment before the main path opens passes axe-core, light and dark
    // (the main path answered with a 204 keeps the alias page in place).
    const [alias, main] = aliases[0]
    for (const colorScheme of ['light', 'dark']) {
      const context = await browser.newContext({ colorScheme })
      try {
        let turnedBack
        const answered = new Promise((resolve) => (turnedBack = resolve))
        await context.route(
          (url) => url.pathname === `${BASE}${main}`,
          async (route) => {
            await route.fulfill({ status: 204 })
            turnedBack()
          },
        )
        const page = await context.newPage()
        await page.goto(new URL(alias, site).href, { waitUntil: 'commit' })
        await answered
        await page.locator('#main-path').waitFor()
        assert.equal(new URL(page.url()).pathname, `${BASE}${alias}`)
        assert.deepEqual(await axeViolations(page), [], `${BASE}${alias} (${colorScheme})`)
      } finally {
        await context.close()
      }
    }
  })

  test('a page of the app the host sends as 404.html (a product not rendered after the publish) says it is loading, never "not found", a blank page nor a spinner, until the app shows it', async () => {
    const product = fs
      .readdirSync(path.join(tree, 'api', 'products'))
      .sort()
      .find((code) => !fs.existsSync(path.join(tree, 'product', code)))
    assert.ok(product, 'the demo publishes products not rendered after the publish')
    const name = published(`products/${product}`).name
    const problems = await withContext({}, async (page, context) => {
      // What each frame showed, from the first: the page's main text (or that the root was empty) and its title.
      // While the page is still being parsed, a frame may show its root before the parser has
      // read what is inside it (the HTML arrives in pieces; seen once on a loaded machine): that
      // is the page not yet read, not one the app emptied, which only its code, run once the page
      // is parsed, can do. Such frames are not recorded.
      await page.addInitScript(() => {
        window.__frames = []
        const look = () => {
          const root = document.getElementById('root')
          if (root && (root.childElementCount > 0 || document.readyState !== 'loading')) {
            const main = root.querySelector('main')
            // A spinner says what is loading in its label alone.
            const spinners = [...root.querySelectorAll('[role="status"][aria-label]')].map((s) => `[${s.getAttribute('aria-label')}]`).join(' ')
            const text = root.childElementCount === 0 ? '(empty root)' : `${main?.innerText.trim().slice(0, 80) ?? '(no main)'} ${spinners}`
            const seen = `${text} | ${document.title}`
            if (window.__frames.at(-1) !== seen) window.__frames.push(seen)
          }
          requestAnimationFrame(look)
        }
        requestAnimationFrame(look)
      })
      // A slow phone (4x CPU): the app's start takes long enough for every in-between state to be painted.
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      // And a slow network for the screen's code, which arrives after the app has started: a
      // render that does not wait for it shows the route's spinner in between (a loaded CI
      // machine did, once, where this one, unloaded, had the code in time).
      let delayed = 0
      await page.route(/\/assets\/product-[^/]+\.js$/, async (route) => {
        delayed++
        await new Promise((resolve) => setTimeout(resolve, SLOW_SCREEN_CODE_MS))
        await route.continue()
      })
      const answer = await page.goto(new URL(`product/${product}`, site).href)
      assert.equal(answer?.status(), 404, 'the host has no file for the page')
      await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 60_000 })
      const frames = await page.evaluate(() => window.__frames)
      assert.equal(delayed, 1, "the product screen's code (assets/product-*.js) was fetched once, late")
      assert.ok(
        frames.some((f) => f.startsWith('Loading this page…')),
        `the page did not say it was loading before the app showed it: ${frames.join(' → ')}`,
      )
      // (The tab's title, which no style can hide, may read "Page Not Found" until the script runs.)
      // Nor the route's "Loading page" spinner: while the screen's code is on its way, the screen the
      // app started on says it is loading in the same words (AppLayout).
      // Nor the product's own "Loading product": its snapshot, asked for as the page was read, was
      // in before the screen's code, and the screen's first render shows it (api/use-snapshot.ts).
      const wrong = frames.filter(
        (f) => f.includes(NOT_FOUND) || f.startsWith('(empty root)') || f.includes('[Loading page]') || f.includes('[Loading product]'),
      )
      assert.deepEqual(wrong, [], `frames before the product showed: ${frames.join(' → ')}`)
    })
    assert.deepEqual(problems, [])
  })

  test('sitemap.xml and robots.txt give the pages under /omc/', async () => {
    const sitemap = await (await fetch(new URL('sitemap.xml', site))).text()
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]))
    assert.ok(locs.length > 20, `sitemap.xml lists ${locs.length} pages`)
    for (const loc of locs) assert.ok(loc.pathname.startsWith(BASE), `sitemap page ${loc} is not under ${BASE}`)
    for (const loc of locs.filter((l) => /\/(events|dispensary-menus\/[^/]+)$/.test(l.pathname)).slice(0, 3)) {
      const answer = await fetch(new URL(loc.pathname, site))
      assert.equal(answer.status, 200, `GET ${loc.pathname}`)
    }
    const robots = await (await fetch(new URL('robots.txt', site))).text()
    assert.match(robots, new RegExp(`^Sitemap: https://[^\\s]+${BASE}sitemap\\.xml$`, 'm'))
  })

  test("an inline script added to a pre-rendered page is refused by the page's own policy", async () => {
    const store = fs.readdirSync(path.join(tree, 'dispensary-menus')).sort()[0]
    const file = path.join(tree, 'dispensary-menus', store, 'index.html')
    const page0 = fs.readFileSync(file, 'utf8')
    fs.writeFileSync(file, page0.replace('</h1>', '</h1><script>window.__omcInjected = true</script>'))
    // watchCsp's listener is an init script: in place before the page is parsed.
    const problems = await withContext({}, async (page) => {
      await page.goto(new URL(`dispensary-menus/${store}`, site).href)
      await page.waitForLoadState('networkidle')
      assert.equal(await page.evaluate(() => window.__omcInjected), undefined, 'the injected script ran')
    })
    assert.ok(
      problems.some((p) => /CSP: .*script-src(-elem)? blocked inline/.test(p)),
      `no securitypolicyviolation for the injected script: ${problems.join('; ')}`,
    )
  })
})
