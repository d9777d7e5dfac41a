import { afterEach, describe, expect, it } from 'vitest'
import { publishedWithPage, renderingAfresh, rendersPageHtml, setPageData } from './page-data'

describe('the snapshots a page came with', () => {
  afterEach(() => setPageData(undefined))

  it('make the page’s HTML while it is rendered or hydrated as it is, and no longer once the app renders it afresh', () => {
    setPageData({ renderedAt: 0, snapshots: { 'menus/bloom-akron': {} } })
    expect(rendersPageHtml('menus/bloom-akron')).toBe(true)
    expect(rendersPageHtml('search/stores')).toBe(false)
    // Opened with another query: another view, rendered from the same snapshots.
    renderingAfresh()
    expect(rendersPageHtml('menus/bloom-akron')).toBe(false)
    expect(publishedWithPage('menus/bloom-akron')).toBe(true)
    // The next page the renderer renders is its HTML again.
    setPageData({ renderedAt: 0, snapshots: { 'menus/bloom-akron': {} } })
    expect(rendersPageHtml('menus/bloom-akron')).toBe(true)
  })
})
