import { describe, expect, it } from 'vitest'
import events from '../testing/fixtures/content/events.json'
import introduction from '../testing/fixtures/content/introduction.json'
import announcements from '../testing/fixtures/announcements.json'
import dispensaryStatus from '../testing/fixtures/dispensary-status.json'
import pipeline from '../testing/fixtures/pipeline.json'
import statistics from '../testing/fixtures/statistics.json'
import { pageRenderedAt, publishedWithPage } from '../api/page-data'
import { contentFor, publishedPages, render, renderPublished } from './prerender'

describe('render (pre-rendering)', () => {
  it('writes the screen itself with its title, not a loading state', async () => {
    const { html } = await render('/growing-tool')
    expect(html).toContain('<title>Growing Tool - Ohio Marijuana Community</title>')
    expect(html).toContain('Entry #<!-- -->7')
    expect(html).not.toContain('Loading page')
  })

  it('writes a community page with the content it is given', async () => {
    expect(contentFor('/introduction')).toEqual(['content/introduction'])
    const { html } = await render('/introduction', { 'content/introduction': introduction })
    expect(html).toContain('Where the information comes from')
    const events2 = { ...events, events: [{ title: 'Spring expo', start: '2999-04-20' }] }
    expect((await render('/events', { 'content/events': events2 })).html).toContain('Spring expo')
  })

  it('refuses content of the wrong shape', async () => {
    await expect(render('/events', { 'content/events': { events: 'soon' } })).rejects.toThrow(
      'snapshot content/events has an unexpected shape at html',
    )
  })
})

describe('renderPublished (the data pages, after a publish)', () => {
  const renderedAt = Date.parse('2026-07-01T13:00:00Z')

  it('lists every path of the data pages with the snapshots each is rendered with', () => {
    expect(publishedPages()).toEqual([
      { path: '/', snapshots: ['statistics', 'announcements'] },
      { path: '/home', snapshots: ['statistics', 'announcements'] },
      { path: '/dispensary-status', snapshots: ['DispensaryStatus', 'pipeline'] },
    ])
  })

  it('writes the status page with its summary and first cards, aged at the time of rendering', async () => {
    const { html, data } = await renderPublished('/dispensary-status', { DispensaryStatus: dispensaryStatus, pipeline }, renderedAt)
    expect(html).not.toContain('Loading dispensary status')
    expect(html).toContain('id="status-summary-heading"')
    // Ages are counted to the time of rendering: the browser hydrates with the same time.
    expect(html).toContain('(<!-- -->3 h ago<!-- -->)')
    for (const d of dispensaryStatus.slice(0, 3)) expect(html).toContain(d.name)
    expect(html).toContain('Last scrape run')
    expect(data.renderedAt).toBe(renderedAt)
    expect(Object.keys(data.snapshots)).toEqual(['DispensaryStatus', 'pipeline'])
    // The renderer leaves nothing behind for the next page.
    expect(pageRenderedAt()).toBeUndefined()
    expect(publishedWithPage('DispensaryStatus')).toBe(false)
  })

  it('writes the homepage with its statistics and announcements', async () => {
    const { html } = await renderPublished('/', { statistics, announcements }, renderedAt)
    expect(html).not.toContain('Loading product statistics')
    expect(html).toContain(statistics.topFlower[0]!.name)
    expect(html).toContain(announcements[0]!.text)
  })

  it('leaves out a snapshot the tree does not have: the page loads it in the browser', async () => {
    const { html, data } = await renderPublished('/', { statistics }, renderedAt)
    expect(Object.keys(data.snapshots)).toEqual(['statistics'])
    expect(html).toContain(statistics.topFlower[0]!.name)
  })

  it('refuses a snapshot of the wrong shape, naming it, and a page that is not a data page', async () => {
    await expect(renderPublished('/dispensary-status', { DispensaryStatus: [{ name: 1 }] }, renderedAt)).rejects.toThrow('snapshot DispensaryStatus')
    await expect(renderPublished('/events', {}, renderedAt)).rejects.toThrow('/events: not one of the pages rendered after a publish')
  })
})
