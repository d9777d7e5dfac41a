import { act, renderHook, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { ReactNode } from 'react'
import { SWRConfig, type State } from 'swr'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { server } from '../testing/server'
import { TestProviders } from '../testing/render'
import { createIdleCache } from './idle-cache'
import { swrOptions } from './swr-options'
import { useAnnouncements } from '../features/home/api/use-home'
import { useDispensaryStatus } from './dispensary-status'
import * as v from 'valibot'
import { useSnapshotList } from './use-snapshot'
import { arrivedPrefetch, prefetchSnapshot } from './prefetch'
import { setPageData } from './page-data'
import { useStatistics } from '../features/home/api/use-home'
import STATISTICS from '../testing/fixtures/statistics.json'

function countRequests(name: string, status: number) {
  const seen = { count: 0 }
  server.use(
    http.get(`*/api/${name}`, () => {
      seen.count++
      return new HttpResponse(null, { status })
    }),
  )
  return seen
}

// SWR re-renders only for the fields a render read, so read them while rendering.
const readState = <T,>({ data, error }: { data?: T; error?: Error }) => ({ data, error })

describe('snapshot hooks', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it.each([
    { hook: useDispensaryStatus, check: (data: unknown) => expect(data).toHaveLength(5) },
    { hook: useStatistics, check: (data: unknown) => expect(data).toHaveProperty('topFlower') },
    { hook: useAnnouncements, check: (data: unknown) => expect(data).toHaveLength(2) },
  ])('$hook.name loads its snapshot', async ({ hook, check }) => {
    const { result } = renderHook(() => hook(), { wrapper: TestProviders })
    await waitFor(() => expect(result.current.data).toBeDefined())
    check(result.current.data)
  })

  // Lets MSW answer and SWR settle without moving the (fake) clock: runs
  // only timers already due (MSW and undici use zero-delay ones) and I/O.
  const settle = async () => {
    for (let i = 0; i < 20; i++) {
      await vi.advanceTimersByTimeAsync(0)
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  it('retries a server error 3 times, waiting 1 s, 2 s and 4 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const seen = countRequests('statistics', 503)
    const { result } = renderHook(() => readState(useStatistics()), { wrapper: TestProviders })
    await act(settle)
    expect(seen.count).toBe(1)

    const steps = [
      { waitMs: 999, requests: 1 },
      { waitMs: 1, requests: 2 },
      { waitMs: 1_999, requests: 2 },
      { waitMs: 1, requests: 3 },
      { waitMs: 3_999, requests: 3 },
      { waitMs: 1, requests: 4 },
      { waitMs: 60_000, requests: 4 },
    ]
    for (const { waitMs, requests } of steps) {
      await act(async () => {
        vi.advanceTimersByTime(waitMs)
        await settle()
      })
      expect(seen.count).toBe(requests)
    }
    expect(result.current.error?.message).toBe('GET /api/statistics failed: HTTP 503 Service Unavailable')
  })

  it('does not retry a 404', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const seen = countRequests('announcements', 404)
    const { result } = renderHook(() => readState(useAnnouncements()), { wrapper: TestProviders })
    await act(settle)
    await act(async () => {
      vi.advanceTimersByTime(60_000)
      await settle()
    })
    expect(seen.count).toBe(1)
    expect(result.current.error?.message).toBe('GET /api/announcements failed: HTTP 404 Not Found')
  })

  // What a render saw first: loading, or the data.
  const firstSeen = <T,>(hook: () => { data?: T; isLoading: boolean }) => {
    const seen: string[] = []
    const wrapped = () => {
      const state = hook()
      seen.push(state.data === undefined ? (state.isLoading ? 'loading' : 'nothing') : 'data')
      return state
    }
    return { seen, wrapped }
  }

  it('renders a snapshot the router’s prefetch already brought at once, asks for it no more, and caches it', async () => {
    const seen = { count: 0 }
    server.use(http.get('*/api/statistics', () => (seen.count++, HttpResponse.json(STATISTICS))))
    prefetchSnapshot('statistics')
    await waitFor(() => expect(arrivedPrefetch('statistics')).toBeDefined())
    expect(seen.count).toBe(1)
    const cache = createIdleCache<State>()
    const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ ...swrOptions, provider: () => cache }}>{children}</SWRConfig>
    const { seen: renders, wrapped } = firstSeen(useStatistics)
    const { result } = renderHook(wrapped, { wrapper })
    expect(renders[0]).toBe('data')
    expect(result.current.data).toHaveProperty('topFlower')
    await waitFor(() => expect((cache.get('/api/statistics') as State | undefined)?.data).toBeDefined())
    expect(seen.count).toBe(1)
  })

  it('renders the snapshots of a list at once when every one has arrived, and asks for none again', async () => {
    let count = 0
    server.use(http.get('*/api/shards/:n', ({ params }) => (count++, HttpResponse.json({ n: Number(params.n) }))))
    const names = ['shards/1', 'shards/2']
    const shard = v.object({ n: v.number() })
    prefetchSnapshot(names[0]!)
    await waitFor(() => expect(arrivedPrefetch(names[0]!)).toBeDefined())
    const cache = createIdleCache<State>()
    const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ ...swrOptions, provider: () => cache }}>{children}</SWRConfig>
    // One still on its way: the list loads as usual.
    const partial = firstSeen(() => useSnapshotList(names, shard))
    const first = renderHook(partial.wrapped, { wrapper })
    expect(partial.seen[0]).toBe('loading')
    await waitFor(() => expect(first.result.current.data).toEqual([{ n: 1 }, { n: 2 }]))
    first.unmount()
    expect(count).toBe(2)
    cache.clear()
    prefetchSnapshot(names[0]!)
    prefetchSnapshot(names[1]!)
    await waitFor(() => expect(names.every((name) => arrivedPrefetch(name) !== undefined)).toBe(true))
    const whole = firstSeen(() => useSnapshotList(names, shard))
    const { result } = renderHook(whole.wrapped, { wrapper })
    expect(whole.seen[0]).toBe('data')
    expect(result.current.data).toEqual([{ n: 1 }, { n: 2 }])
    await waitFor(() => expect((cache.get(`list:${names.join(',')}`) as State | undefined)?.data).toBeDefined())
    expect(count).toBe(4)
  })

  it('gives a list the page carries as one answer, the same from render to render, and asks for none of it', async () => {
    let count = 0
    server.use(http.get('*/api/shards/:n', () => (count++, HttpResponse.json({ n: 0 }))))
    const names = ['shards/1', 'shards/2']
    setPageData({ renderedAt: Date.now(), snapshots: { 'shards/1': { n: 1 }, 'shards/2': { n: 2 } } })
    try {
      const { result, rerender } = renderHook(() => useSnapshotList(names, v.object({ n: v.number() })), { wrapper: TestProviders })
      const answer = result.current.data
      expect(answer).toEqual([{ n: 1 }, { n: 2 }])
      rerender()
      rerender()
      // A screen waiting for its data to be painted (useAfterPaint) goes on only when it is the same object.
      expect(result.current.data).toBe(answer)
      expect(count).toBe(0)
    } finally {
      setPageData(undefined)
    }
  })

  it('shows a cached snapshot and refreshes it, whatever arrived meanwhile', async () => {
    let count = 0
    server.use(http.get('*/api/statistics', () => (count++, HttpResponse.json(STATISTICS))))
    const cache = createIdleCache<State>()
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SWRConfig value={{ ...swrOptions, provider: () => cache, dedupingInterval: 0 }}>{children}</SWRConfig>
    )
    const first = renderHook(() => useStatistics(), { wrapper })
    await waitFor(() => expect(first.result.current.data).toBeDefined())
    first.unmount()
    prefetchSnapshot('statistics')
    await waitFor(() => expect(arrivedPrefetch('statistics')).toBeDefined())
    const { seen: renders, wrapped } = firstSeen(useStatistics)
    renderHook(wrapped, { wrapper })
    expect(renders[0]).toBe('data')
    // Mounted over cached data, the hook revalidates, taking the prefetch rather than asking again.
    await waitFor(() => expect(arrivedPrefetch('statistics')).toBeUndefined())
    expect(count).toBe(2)
  })

  it('lets the idle cache drop a snapshot 5 minutes after the last user unmounts', async () => {
    const cache = createIdleCache<State>(300_000)
    const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ ...swrOptions, provider: () => cache }}>{children}</SWRConfig>
    const { result, unmount } = renderHook(() => useAnnouncements(), { wrapper })
    await waitFor(() => expect(result.current.data).toBeDefined())
    expect(cache.has('/api/announcements')).toBe(true)

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    unmount()
    vi.advanceTimersByTime(299_999)
    expect(cache.has('/api/announcements')).toBe(true)
    vi.advanceTimersByTime(1)
    expect(cache.has('/api/announcements')).toBe(false)
  })
})
