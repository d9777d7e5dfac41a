// Unit test of how a rendered page goes into the built index.html (prerender-html.mjs):
// the text is inserted as it is, whatever "$" patterns, markup or separators it holds; and
// of the alias pages leading to a page's main path.
// Run with `node --test scripts/` (go tool task test:site).
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { aliasHtml, APP_TEMPLATE_ID, FIRST_OFFER_ID, insertLiteral, jsonScript, pageHtml, removePage, writeAliasPages } from './prerender-html.mjs'

const TEMPLATE = `<!doctype html>
<html>
  <head>
    <title>Ohio Marijuana Community</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

// Each of String.prototype.replace's patterns, markup and the line separators JSON leaves as they are.
const HOSTILE = ['Money $$ Kush', 'Before $` after', "Quote $' tail", 'Whole $& match', '$1 $<name>', '</script><b>x</b>', 'Line\u2028Para\u2029end']

test('insertLiteral puts the replacement in as it is', () => {
  for (const name of HOSTILE) {
    assert.equal(insertLiteral('a<x>b', '<x>', name), `a${name}b`)
    assert.equal(insertLiteral('a<x>b', /<x>/, name), `a${name}b`)
  }
})

test('pageHtml keeps every "$" pattern of a page body and title, and one copy of the template', () => {
  for (const name of HOSTILE) {
    const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    const body = `<title>${escaped} | OMC</title><main><h1>${escaped}</h1></main>`
    const data = { snapshots: { 'products/x': { name } } }
    const html = pageHtml({ template: TEMPLATE, pagePath: '/products/x', body, scripts: jsonScript('omc-page-data', data) })
    assert.ok(html.includes(`<title>${escaped} | OMC</title>`), `title of ${JSON.stringify(name)}: ${html}`)
    assert.ok(html.includes(`<h1>${escaped}</h1>`), `heading of ${JSON.stringify(name)}: ${html}`)
    assert.equal(html.split('<!doctype html>').length, 2, `one template for ${JSON.stringify(name)}`)
    assert.equal(html.split('<div id="root"').length, 2, `one root for ${JSON.stringify(name)}`)
    // The snapshot the page carries reads back as it was, and no "</script>" ends it early.
    const carried = html.match(/<script type="application\/json" id="omc-page-data">([\s\S]*?)<\/script>/)
    assert.ok(carried, `the page data script of ${JSON.stringify(name)}`)
    assert.deepEqual(JSON.parse(carried[1]), data)
  }
})

// The head of a built index.html as Vite writes it: the entry, its module preloads, then the app's stylesheet.
const BUILT = `<!doctype html>
<html>
  <head>
    <title>Ohio Marijuana Community</title>
    <script>document.documentElement.dataset.theme = 'light'</script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
    <link rel="modulepreload" crossorigin href="/assets/app-common-ghi.js">
    <link rel="stylesheet" crossorigin href="/assets/index-jkl.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

const headOf = (html) => html.slice(html.indexOf('<head>'), html.indexOf('</head>'))

test('a rendered page holds the app after its stylesheets, for its early script to start once the page is painted', () => {
  const body = '<title>Menus | OMC</title><main><h1>Menus</h1></main>'
  const html = pageHtml({ template: BUILT, pagePath: '/dispensary-menus', body, styles: ['/assets/offers-mno.css', '/assets/index-jkl.css'] })
  const head = headOf(html)
  const held = head.match(new RegExp(`<template id="${APP_TEMPLATE_ID}">([\\s\\S]*?)</template>`))
  assert.ok(held, head)
  assert.equal(
    held[1],
    '<script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-def.js"><link rel="modulepreload" crossorigin href="/assets/app-common-ghi.js">',
  )
  // Outside the template the head loads no script and preloads none; the theme script stays where it was.
  const outside = head.replace(held[0], '')
  assert.doesNotMatch(outside, /type="module"|modulepreload/)
  assert.ok(outside.indexOf('dataset.theme') < outside.indexOf('index-jkl.css'), head)
  // Every stylesheet, the app's and the screen's (once each), comes before the held app.
  assert.equal(head.split('index-jkl.css').length, 2, head)
  assert.ok(head.indexOf('index-jkl.css') < head.indexOf('offers-mno.css'), head)
  assert.ok(head.indexOf('offers-mno.css') < head.indexOf(`<template id="${APP_TEMPLATE_ID}">`), head)
  assert.ok(html.includes('<div id="root" data-prerendered="/dispensary-menus"><main><h1>Menus</h1></main></div>'), html)
})

test('a page that is nothing until the app renders it (404.html) loads the app from its head at once', () => {
  const html = pageHtml({
    template: BUILT,
    pagePath: '404',
    body: '<title>Not found | OMC</title><main></main>',
    styles: ['/assets/offers-mno.css'],
    appAtOnce: true,
  })
  assert.ok(!html.includes('<template'), html)
  assert.ok(headOf(html).includes('<script type="module" crossorigin src="/assets/index-abc.js"></script>'), html)
  assert.ok(headOf(html).includes('<link rel="modulepreload" crossorigin href="/assets/vendor-def.js">'), html)
  assert.ok(headOf(html).includes('offers-mno.css'), html)
})

test('a page listing offers holds its first paint until its first offer is parsed; a page with none does not', () => {
  const offers = `<title>Deals | OMC</title><main><p class="lead">On sale</p><table><tbody><tr id="${FIRST_OFFER_ID}"><td>Kush</td></tr></tbody></table></main>`
  const expect = `<link rel="expect" href="#${FIRST_OFFER_ID}" blocking="render" />`
  assert.ok(headOf(pageHtml({ template: BUILT, pagePath: '/dispensary-deals', body: offers })).includes(expect))
  const text = '<title>About | OMC</title><main><p>No offers here; a first-offer in the text is none.</p></main>'
  assert.ok(!pageHtml({ template: BUILT, pagePath: '/about', body: text }).includes('rel="expect"'))
})

test('a default view listing its offers by product type is marked so (data-type-views), beside the query it was rendered for', () => {
  const page = (typeViews) =>
    pageHtml({ template: BUILT, pagePath: '/dispensary-menus/bloom-akron', body: '<title>Bloom | OMC</title><main></main>', query: '', typeViews })
  assert.ok(page(true).includes('<div id="root" data-prerendered="/dispensary-menus/bloom-akron" data-query="" data-type-views="">'), page(true))
  assert.ok(page(undefined).includes('<div id="root" data-prerendered="/dispensary-menus/bloom-akron" data-query="">'), page(undefined))
})

test('a template with no entry script is an error that says so', () => {
  assert.throws(
    () => pageHtml({ template: BUILT.replace(/<script type="module"[^>]*><\/script>/, ''), pagePath: '/', body: '<title>x</title>' }),
    /no <script type="module" src/,
  )
})

test('aliasHtml is a small page leading to the main path: its script allowed by its own policy, a refresh without JavaScript, a link', () => {
  const alias = {
    path: '/menu/bloom-akron',
    to: '/omc/dispensary-menus/bloom-akron',
    canonical: 'https://ohiomc.example/omc/dispensary-menus/bloom-akron',
  }
  const html = aliasHtml(alias)
  assert.ok(Buffer.byteLength(html) < 1024, `${Buffer.byteLength(html)} bytes`)
  assert.ok(html.includes('<link rel="canonical" href="https://ohiomc.example/omc/dispensary-menus/bloom-akron">'), html)
  assert.ok(html.includes('<noscript><meta http-equiv="refresh" content="0; url=/omc/dispensary-menus/bloom-akron"></noscript>'), html)
  assert.ok(html.includes('<a id="main-path" href="/omc/dispensary-menus/bloom-akron">/omc/dispensary-menus/bloom-akron</a>'), html)
  // The one inline script is allowed by its hash in the page's policy, and nothing else is.
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1])
  assert.equal(scripts.length, 1)
  const hash = crypto.createHash('sha256').update(scripts[0]).digest('base64')
  const policy = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)?.[1]
  assert.equal(policy, `default-src 'none'; script-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'`)
  // The same script on every alias page: one hash in the site's policy covers them all.
  const other = aliasHtml({ path: '/genetics/muul-fuel', to: '/strain-genetics/muul-fuel', canonical: '/strain-genetics/muul-fuel' })
  assert.equal(other.match(/<script>([\s\S]*?)<\/script>/)[1], scripts[0])
  // Markup in a path is text, and a main path must be one on the host.
  assert.ok(aliasHtml({ ...alias, to: '/x"<y>' }).includes('href="/x&quot;&lt;y>">/x"&lt;y&gt;</a>'))
  assert.throws(() => aliasHtml({ ...alias, to: 'https://elsewhere.example/x' }), /alias page \/menu\/bloom-akron: the main path/)
  assert.throws(() => aliasHtml({ ...alias, to: '//elsewhere.example/x' }), /is not a path on the host/)
})

test('writeAliasPages writes a missing or different alias page and leaves one already right as it is', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'omc-alias-'))
  try {
    const aliases = [
      { path: '/menu/bloom-akron', to: '/dispensary-menus/bloom-akron', canonical: '/dispensary-menus/bloom-akron' },
      { path: '/genetics/muul-fuel', to: '/strain-genetics/muul-fuel', canonical: '/strain-genetics/muul-fuel' },
    ]
    const write = async (file, html) => {
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, html)
    }
    assert.deepEqual(await writeAliasPages(dir, aliases, write), { wrote: 2, kept: 0 })
    const store = path.join(dir, 'menu', 'bloom-akron', 'index.html')
    assert.equal(fs.readFileSync(store, 'utf8'), aliasHtml(aliases[0]))
    const strain = path.join(dir, 'genetics', 'muul-fuel', 'index.html')
    fs.writeFileSync(strain, 'a full copy of the page, as an earlier build wrote')
    const before = fs.statSync(store).mtimeMs
    assert.deepEqual(await writeAliasPages(dir, aliases, write), { wrote: 1, kept: 1 })
    assert.equal(fs.statSync(store).mtimeMs, before)
    assert.equal(fs.readFileSync(strain, 'utf8'), aliasHtml(aliases[1]))
    removePage(store)
    assert.ok(!fs.existsSync(path.join(dir, 'menu', 'bloom-akron')), 'the folder of a removed page goes with it')
    assert.ok(fs.existsSync(strain))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
