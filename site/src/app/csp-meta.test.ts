import { describe, expect, it } from 'vitest'
import { withCspMeta } from './csp-meta'

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Ohio Marijuana Community</title>
    <script>theme()</script>
  </head>
  <body><div id="root"></div></body>
</html>`

const POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='; frame-src 'none'"

describe('withCspMeta', () => {
  it('puts the policy first in the head, before any script, as the browser reads it', () => {
    const html = withCspMeta(PAGE, POLICY)
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const meta = doc.head.querySelector('meta[http-equiv="Content-Security-Policy"]')
    expect(meta?.getAttribute('content')).toBe(POLICY)
    expect(doc.head.children[0]?.getAttribute('charset')).toBe('UTF-8')
    expect(doc.head.children[1]).toBe(meta)
    expect(html.indexOf('http-equiv')).toBeLessThan(html.indexOf('<script>'))
  })

  it('replaces the policy a page already carries instead of adding a second', () => {
    const html = withCspMeta(withCspMeta(PAGE, "default-src 'none'"), POLICY)
    expect(html.match(/Content-Security-Policy/g)).toHaveLength(1)
    expect(html).toContain(`content="${POLICY}"`)
  })

  it('escapes what could end the attribute', () => {
    const doc = new DOMParser().parseFromString(withCspMeta(PAGE, `img-src 'self' https://a.example/"><script>x()</script>`), 'text/html')
    expect(doc.head.querySelectorAll('script')).toHaveLength(1)
    expect(doc.head.querySelector('meta[http-equiv]')?.getAttribute('content')).toContain('"><script>')
  })

  it('refuses an empty or multi-line policy, and a page without <meta charset>', () => {
    expect(() => withCspMeta(PAGE, '  ')).toThrow(/want one line/)
    expect(() => withCspMeta(PAGE, "default-src 'self'\nscript-src *")).toThrow(/want one line/)
    expect(() => withCspMeta('<html><head></head></html>', POLICY)).toThrow(/no <meta charset>/)
  })
})
