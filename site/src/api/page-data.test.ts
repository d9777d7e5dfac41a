import { afterEach, describe, expect, it } from 'vitest'
import { PUBLISHED_WITH_ID, publishedWithPage, readPageData, rendersPageHtml, setPageData } from './page-data'

describe('the snapshots a page came with', () => {
  afterEach(() => {
    setPageData(undefined)
    document.body.innerHTML = ''
  })

  it('make the page’s HTML while it is rendered or hydrated as it is, and no longer once the app renders it afresh', () => {
    document.body.innerHTML = `<script type="application/json" id="${PUBLISHED_WITH_ID}">${JSON.stringify({ renderedAt: 0, snapshots: { 'menus/bloom-akron': {} } })}</script>`
    readPageData(true)
    expect(rendersPageHtml('menus/bloom-akron')).toBe(true)
    expect(rendersPageHtml('search/stores')).toBe(false)
    // Opened with another query: another view, rendered from the same snapshots.
    readPageData(false)
    expect(rendersPageHtml('menus/bloom-akron')).toBe(false)
    expect(publishedWithPage('menus/bloom-akron')).toBe(true)
    // The next page the renderer renders is its HTML again.
    setPageData({ renderedAt: 0, snapshots: { 'menus/bloom-akron': {} } })
    expect(rendersPageHtml('menus/bloom-akron')).toBe(true)
  })
})
