import { describe, expect, it } from 'vitest'
import events from '../testing/fixtures/content/events.json'
import introduction from '../testing/fixtures/content/introduction.json'
import { contentFor, render } from './prerender'

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
