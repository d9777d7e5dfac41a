import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createIdleCache, IDLE_LIFETIME_MS, isIdleCache } from './idle-cache'

describe('createIdleCache', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps an entry for 5 minutes after its last user lets go', () => {
    expect(IDLE_LIFETIME_MS).toBe(300_000)
    const cache = createIdleCache()
    cache.set('/api/statistics', 'data')
    const release = cache.retain('/api/statistics')
    vi.advanceTimersByTime(IDLE_LIFETIME_MS * 3)
    expect(cache.get('/api/statistics')).toBe('data')

    release()
    vi.advanceTimersByTime(IDLE_LIFETIME_MS - 1)
    expect(cache.has('/api/statistics')).toBe(true)
    vi.advanceTimersByTime(1)
    expect(cache.has('/api/statistics')).toBe(false)
  })

  it('waits for every user and restarts the clock when one comes back', () => {
    const cache = createIdleCache(1_000)
    cache.set('k', 1)
    const first = cache.retain('k')
    const second = cache.retain('k')
    first()
    first() // releasing twice counts once
    vi.advanceTimersByTime(5_000)
    expect(cache.has('k')).toBe(true)

    second()
    vi.advanceTimersByTime(900)
    const third = cache.retain('k')
    vi.advanceTimersByTime(5_000)
    expect(cache.has('k')).toBe(true)
    third()
    vi.advanceTimersByTime(1_000)
    expect(cache.has('k')).toBe(false)
  })

  it('leaves other keys alone', () => {
    const cache = createIdleCache(1_000)
    cache.set('a', 1)
    cache.set('b', 2)
    cache.retain('a')()
    vi.advanceTimersByTime(1_000)
    expect([...cache.keys()]).toEqual(['b'])
  })

  it('tells itself from a plain Map', () => {
    expect(isIdleCache(createIdleCache())).toBe(true)
    expect(isIdleCache(new Map())).toBe(false)
  })
})
