import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HttpError, SnapshotShapeError } from './errors'
import { isRetryable, MAX_RETRIES, onErrorRetry, retryDelayMs, shouldRetry } from './retry'

describe('retryDelayMs', () => {
  it.each([
    { retry: 1, want: 1_000 },
    { retry: 2, want: 2_000 },
    { retry: 3, want: 4_000 },
    { retry: 4, want: 8_000 },
    { retry: 5, want: 16_000 },
    { retry: 6, want: 30_000 },
    { retry: 7, want: 30_000 },
    { retry: 100, want: 30_000 },
  ])('retry $retry waits $want ms', ({ retry, want }) => {
    expect(retryDelayMs(retry)).toBe(want)
  })

  it.each([0, -1, 1.5, Number.NaN])('refuses retry %s', (retry) => {
    expect(() => retryDelayMs(retry)).toThrow(RangeError)
  })
})

describe('isRetryable', () => {
  it.each([
    { name: 'network failure', error: new TypeError('Failed to fetch'), want: true },
    { name: 'HTTP 500', error: new HttpError(500, '/api/statistics', 'x'), want: true },
    { name: 'HTTP 503', error: new HttpError(503, '/api/statistics', 'x'), want: true },
    { name: 'HTTP 400', error: new HttpError(400, '/api/statistics', 'x'), want: false },
    { name: 'HTTP 404', error: new HttpError(404, '/api/statistics', 'x'), want: false },
    { name: 'HTTP 429', error: new HttpError(429, '/api/statistics', 'x'), want: false },
    { name: 'bad shape', error: new SnapshotShapeError('statistics', 'topFlower', 'x'), want: false },
  ])('$name → $want', ({ error, want }) => {
    expect(isRetryable(error)).toBe(want)
  })
})

describe('shouldRetry', () => {
  it('allows three retries and no fourth', () => {
    const error = new HttpError(502, '/api/announcements', 'x')
    expect(MAX_RETRIES).toBe(3)
    expect([1, 2, 3, 4].map((retry) => shouldRetry(error, retry))).toEqual([true, true, true, false])
  })
})

describe('onErrorRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const run = (error: unknown, retryCount: number) => {
    const revalidate = vi.fn()
    onErrorRetry(error, '/api/statistics', {} as never, revalidate, { retryCount, dedupe: true })
    return revalidate
  }

  it('revalidates after the scheduled delay, passing the retry count on', () => {
    const revalidate = run(new TypeError('Failed to fetch'), 2)
    vi.advanceTimersByTime(1_999)
    expect(revalidate).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(revalidate).toHaveBeenCalledWith({ retryCount: 2, dedupe: true })
  })

  it('gives up after the third retry', () => {
    const revalidate = run(new TypeError('Failed to fetch'), 4)
    vi.runAllTimers()
    expect(revalidate).not.toHaveBeenCalled()
  })

  it('does not retry a 404', () => {
    const revalidate = run(new HttpError(404, '/api/statistics', 'x'), 1)
    vi.runAllTimers()
    expect(revalidate).not.toHaveBeenCalled()
  })
})
