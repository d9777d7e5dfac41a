import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { OFFLINE_COPY_HEADER } from '../api/fetcher'
import statistics from '../testing/fixtures/statistics.json'
import dispensaryStatus from '../testing/fixtures/dispensary-status.json'
import { renderApp } from '../testing/render'
import { server } from '../testing/server'

// The service worker saved these copies long after they were published.
const SAVED_AT = Date.parse('2026-11-23T09:30:00Z')
const LAST_MODIFIED = 'Thu, 19 Nov 2026 08:00:00 GMT'

function offlineCopy(name: string, body: unknown) {
  server.use(
    http.get(`*/api/${name}`, () =>
      HttpResponse.json(body as object, { headers: { [OFFLINE_COPY_HEADER]: String(SAVED_AT), 'Last-Modified': LAST_MODIFIED } }),
    ),
  )
}

describe('offline notice', () => {
  it("shows the snapshot's own generatedAt, not when the browser saved it", async () => {
    offlineCopy('statistics', statistics)
    renderApp('/')
    const notice = await screen.findByText(/You are seeing a saved copy of the statistics/)
    const time = notice.querySelector('time')
    expect(time?.getAttribute('dateTime')).toBe(new Date(statistics.generatedAt).toISOString())
    expect(notice.textContent).not.toContain(new Date(SAVED_AT).toISOString())
  })

  it('falls back to the Last-Modified of a snapshot without generatedAt', async () => {
    offlineCopy('DispensaryStatus', dispensaryStatus)
    renderApp('/dispensary-status')
    const notice = await screen.findByText(/You are seeing a saved copy of the dispensary status/)
    expect(notice.querySelector('time')?.getAttribute('dateTime')).toBe(new Date(LAST_MODIFIED).toISOString())
  })
})
