// The Content-Security-Policy every page carries in its head, for hosts that send no
// headers (GitHub Pages): the pre-rendering (scripts/prerender.mjs) gets the policy from
// `omc csp`, the one definition in publish/headers.go, and writes it into the built
// index.html, the template of every page it and scripts/prerender-pages.mjs write.

const CSP_META = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\s*\/?>\n?\s*/i
const CHARSET_META = /<meta charset="[^"]*"\s*\/?>/i

/**
 * withCspMeta is html with policy in a <meta http-equiv="Content-Security-Policy"> right
 * after its <meta charset> (before any script or stylesheet, which the policy must
 * already cover), in place of one it carried. A policy that is empty or spans lines, or
 * a page without <meta charset>, is an error.
 */
export function withCspMeta(html: string, policy: string): string {
  const value = policy.trim()
  if (value === '' || /[\r\n]/.test(value))
    throw new Error(`Content-Security-Policy ${JSON.stringify(policy)}: want one line of directives (omc csp prints it)`)
  const escaped = value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escaped}" />`
  const page = html.replace(CSP_META, '')
  const charset = page.match(CHARSET_META)
  if (!charset) throw new Error('the page has no <meta charset> to put its Content-Security-Policy after')
  return page.replace(CHARSET_META, `${charset[0]}\n    ${meta}`)
}
