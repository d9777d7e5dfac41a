import { http, HttpResponse, type JsonBodyType } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import statistics from '../testing/fixtures/statistics.json'
import { server } from '../testing/server'
import { HttpError, SnapshotShapeError } from './errors'
import * as v from 'valibot'
import { announcementSchema, statisticsSchema } from '../features/home/api/home-schemas'
import statusFixture from '../testing/fixtures/dispensary-status.json'
import { dispensaryStatusListSchema, dispensaryStatusSchema } from './dispensary-status'
import { clearChecked, loadSnapshot, snapshotUrl, type FetchSnapshotOptions } from './fetcher'

// Two real snapshots' shapes to load (the homepage's).
const fetchStatistics = async (options?: FetchSnapshotOptions) => (await loadSnapshot('statistics', statisticsSchema, options)).data
const fetchAnnouncements = async (options?: FetchSnapshotOptions) => (await loadSnapshot('announcements', v.array(announcementSchema), options)).data

// Returns the request headers the handler saw.
function captureHeaders(name: string, url = `*/api/${name}`, body: JsonBodyType = []) {
  const seen: { headers?: Headers; url?: string } = {}
  server.use(
    http.get(url, ({ request }) => {
      seen.headers = request.headers
      seen.url = request.url
      return HttpResponse.json(body)
    }),
  )
  return seen
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the promise to reject')
}

describe('snapshotUrl', () => {
  it.each([
    { base: '', want: `${window.location.origin}/api/statistics` },
    { base: '/data', want: `${window.location.origin}/data/api/statistics` },
    { base: 'https://cdn.example.org/omc', want: 'https://cdn.example.org/omc/api/statistics' },
  ])('base "$base" → $want', ({ base, want }) => {
    expect(snapshotUrl('statistics', base).href).toBe(want)
  })
})

describe('loadSnapshot', () => {
  it('returns a valid snapshot, keeping fields publish may add', async () => {
    const data = await fetchStatistics()
    expect(data.topFlower[0]).toEqual({ name: 'Muul Fuel', count: 2, slug: 'muul-fuel' })
    expect(data.topDeals[0]?.flower?.[0]).toMatchObject({ cost: 26.6, unit: 'g', slug: 'bloom-akron' })
    expect(data).toEqual(statistics)
  })

  it('asks for JSON from the configured base URL', async () => {
    const seen = captureHeaders('announcements', 'https://cdn.example.org/omc/api/announcements')
    await expect(fetchAnnouncements({ baseUrl: 'https://cdn.example.org/omc' })).resolves.toEqual([])
    expect(seen.url).toBe('https://cdn.example.org/omc/api/announcements')
    expect(seen.headers?.get('accept')).toBe('application/json')
  })

  it.each([
    { status: 404, statusText: 'Not Found' },
    { status: 500, statusText: 'Internal Server Error' },
    { status: 304, statusText: 'Not Modified' },
  ])('throws HttpError for HTTP $status', async ({ status, statusText }) => {
    server.use(http.get('*/api/statistics', () => new HttpResponse(null, { status, statusText })))
    const error = await caught(fetchStatistics())
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).status).toBe(status)
    expect((error as HttpError).message).toBe(`GET /api/statistics failed: HTTP ${status} ${statusText}`)
  })

  it('treats every 2xx as success', async () => {
    server.use(http.get('*/api/announcements', () => HttpResponse.json([{ text: 'hi' }], { status: 203 })))
    await expect(fetchAnnouncements()).resolves.toEqual([{ text: 'hi' }])
  })

  it('reports a network failure with the path', async () => {
    server.use(http.get('*/api/announcements', () => HttpResponse.error()))
    const error = await caught(fetchAnnouncements())
    expect(error).not.toBeInstanceOf(HttpError)
    expect((error as Error).message).toMatch(/^GET \/api\/announcements failed: /)
  })

  describe('anti-forgery header', () => {
    it('sends the XSRF-TOKEN cookie back as X-XSRF-TOKEN', async () => {
      document.cookie = 'theme=dark'
      document.cookie = `XSRF-TOKEN=${encodeURIComponent('abc/123=')}`
      const seen = captureHeaders('announcements')
      await fetchAnnouncements()
      expect(seen.headers?.get('x-xsrf-token')).toBe('abc/123=')
    })

    it('sends no header without the cookie', async () => {
      document.cookie = 'theme=dark'
      const seen = captureHeaders('announcements')
      await fetchAnnouncements()
      expect(seen.headers?.has('x-xsrf-token')).toBe(false)
    })

    it('keeps the token away from another origin', async () => {
      document.cookie = 'XSRF-TOKEN=abc'
      const seen = captureHeaders('announcements', 'https://cdn.example.org/api/announcements')
      await fetchAnnouncements({ baseUrl: 'https://cdn.example.org' })
      expect(seen.headers?.has('x-xsrf-token')).toBe(false)
    })
  })

  describe('shape errors', () => {
    const goodMarket = {
      market: 'medical',
      lastFlower: '2026-07-01T10:00:00Z',
      lastPreroll: null,
      lastVape: null,
      lastExtract: null,
      lastEdible: null,
      lastFlowerCount: 3,
      lastPrerollCount: -1,
      lastVapeCount: -1,
      lastExtractCount: -1,
      lastEdibleCount: -1,
    }
    const good = { name: 'Bloom Akron', location: 'Akron', monitored: true, marketStatuses: [goodMarket] }

    it.each([
      {
        name: 'count as a string',
        body: [good, { ...good, marketStatuses: [goodMarket, { ...goodMarket, lastVapeCount: '12' }] }],
        path: '[1].marketStatuses[1].lastVapeCount',
        problem: /expected number, got string/,
      },
      {
        name: 'fractional count',
        body: [{ ...good, marketStatuses: [{ ...goodMarket, lastEdibleCount: 2.5 }] }],
        path: '[0].marketStatuses[0].lastEdibleCount',
        problem: /expected an integer \(a whole number within ±9007199254740991\), got 2\.5/,
      },
      {
        name: 'count no number can hold exactly',
        body: [{ ...good, marketStatuses: [{ ...goodMarket, lastFlowerCount: 1e300 }] }],
        path: '[0].marketStatuses[0].lastFlowerCount',
        problem: /expected an integer \(a whole number within ±9007199254740991\), got 1e\+300/,
      },
      {
        name: 'date that is not RFC 3339',
        body: [{ ...good, marketStatuses: [{ ...goodMarket, lastFlower: '07/01/2026' }] }],
        path: '[0].marketStatuses[0].lastFlower',
        problem: /expected an RFC 3339 date-time, got "07\/01\/2026"/,
      },
      {
        name: 'unknown market',
        body: [{ ...good, marketStatuses: [{ ...goodMarket, market: 'adult-use' }] }],
        path: '[0].marketStatuses[0].market',
        problem: /expected one of "recreational", "medical", got "adult-use"/,
      },
      {
        name: 'missing field',
        body: [{ name: 'Bloom Akron', location: 'Akron', marketStatuses: [] }],
        path: '[0].monitored',
        problem: /expected boolean, got undefined/,
      },
      { name: 'object instead of list', body: { dispensaries: [] }, path: '(root)', problem: /expected array, got object/ },
    ])('names the path for a $name', async ({ body, path, problem }) => {
      server.use(http.get('*/api/DispensaryStatus', () => HttpResponse.json(body)))
      const error = await caught(loadSnapshot('DispensaryStatus', v.array(dispensaryStatusSchema)))
      expect(error).toBeInstanceOf(SnapshotShapeError)
      const shapeError = error as SnapshotShapeError
      expect(shapeError.snapshot).toBe('DispensaryStatus')
      expect(shapeError.path).toBe(path)
      expect(shapeError.message).toMatch(new RegExp(`^snapshot DispensaryStatus has an unexpected shape at ${path.replace(/[[\]().]/g, '\\$&')}: `))
      expect(shapeError.message).toMatch(problem)
    })

    it('names a negative deal cost', async () => {
      const bad = structuredClone(statistics)
      bad.topDeals[0]!.flower![1]!.cost = -4
      server.use(http.get('*/api/statistics', () => HttpResponse.json(bad)))
      const error = await caught(fetchStatistics())
      expect((error as SnapshotShapeError).path).toBe('topDeals[0].flower[1].cost')
      expect((error as Error).message).toMatch(/must be >= 0, got -4/)
    })

    it.each(['brand', 'unitPrice', 'regularPrice', 'saleLow', 'market', 'slug', 'lastUpdate'])(
      'names a deal field publish stopped writing (%s)',
      async (field) => {
        const bad = structuredClone(statistics) as unknown as { topDeals: { flower: Record<string, unknown>[] }[] }
        delete bad.topDeals[0]!.flower[1]![field]
        server.use(http.get('*/api/statistics', () => HttpResponse.json(bad)))
        const error = await caught(fetchStatistics())
        expect((error as SnapshotShapeError).path).toBe(`topDeals[0].flower[1].${field}`)
      },
    )

    it('reports a body that is not JSON', async () => {
      server.use(http.get('*/api/announcements', () => new HttpResponse('<html>oops</html>', { headers: { 'Content-Type': 'text/html' } })))
      const error = await caught(fetchAnnouncements())
      expect(error).toBeInstanceOf(SnapshotShapeError)
      expect((error as Error).message).toMatch(/^snapshot announcements has an unexpected shape at \(root\): not valid JSON/)
    })
  })
})

describe('a version already checked', () => {
  beforeEach(clearChecked)

  // statistics answered with the given headers (and body). A check gives the data of the
  // answer it read (each answer is new JSON); data not checked again is the first answer's.
  function serve(headers: Record<string, string>, body: JsonBodyType = statistics) {
    server.use(http.get('*/api/statistics', () => HttpResponse.json(body, { headers })))
  }

  it('is not checked again: the same ETag gives the data checked the first time', async () => {
    serve({ ETag: '"v1"' })
    const first = await fetchStatistics()
    const second = await fetchStatistics()
    expect(second).toBe(first)
  })

  it('is checked again when the ETag, the Last-Modified or the length differs, or when the server names no version', async () => {
    serve({ ETag: '"v1"' })
    const v1 = await fetchStatistics()
    serve({ ETag: '"v2"' })
    const v2 = await fetchStatistics()
    expect(v2).not.toBe(v1)
    serve({ 'Last-Modified': 'Fri, 27 Nov 2026 12:00:00 GMT', 'Content-Length': '100' })
    const modified = await fetchStatistics()
    expect(modified).not.toBe(v2)
    expect(await fetchStatistics()).toBe(modified)
    serve({ 'Last-Modified': 'Fri, 27 Nov 2026 12:00:00 GMT', 'Content-Length': '101' })
    const longer = await fetchStatistics()
    expect(longer).not.toBe(modified)
    serve({})
    const unnamed = await fetchStatistics()
    expect(unnamed).not.toBe(longer)
    expect(await fetchStatistics()).not.toBe(unnamed)
  })

  it('still names the snapshot and the field of a bad version, every time', async () => {
    serve({ ETag: '"bad"' }, { ...statistics, topFlower: 'none' })
    for (let i = 0; i < 2; i++) {
      const error = await caught(fetchStatistics())
      expect(error).toBeInstanceOf(SnapshotShapeError)
      expect((error as Error).message).toMatch(/statistics.*topFlower/)
    }
  })
})

describe('a snapshot with a guard (fast-check.ts)', () => {
  beforeEach(clearChecked)

  it('is used as it came when its guard passes it, and goes through valibot, naming the field, when not', async () => {
    const walk = vi.spyOn(dispensaryStatusListSchema, '~run')
    server.use(http.get('*/api/DispensaryStatus', () => HttpResponse.json(statusFixture)))
    expect((await loadSnapshot('DispensaryStatus', dispensaryStatusListSchema)).data).toEqual(statusFixture)
    expect(walk).not.toHaveBeenCalled()
    const bad = structuredClone(statusFixture)
    ;(bad[0] as Record<string, unknown>).monitored = 'yes'
    server.use(http.get('*/api/DispensaryStatus', () => HttpResponse.json(bad)))
    const error = await caught(loadSnapshot('DispensaryStatus', dispensaryStatusListSchema))
    expect(walk).toHaveBeenCalledTimes(1)
    expect((error as Error).message).toBe('snapshot DispensaryStatus has an unexpected shape at [0].monitored: expected boolean, got string')
    walk.mockRestore()
  })
})
