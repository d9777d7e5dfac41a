// Unit test of how a rendered page goes into the built index.html (prerender-html.mjs):
// the text is inserted as it is, whatever "$" patterns, markup or separators it holds.
// Run with `node --test scripts/` (go tool task test:site).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { insertLiteral, jsonScript, pageHtml } from './prerender-html.mjs'

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
