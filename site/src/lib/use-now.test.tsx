import { act, renderHook } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setPageData } from '../api/page-data'
import { useClock, useNow } from './use-now'

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-07-01T12:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('moves forward every interval', () => {
    const { result } = renderHook(() => useNow(60_000))
    expect(result.current).toBe(Date.parse('2026-07-01T12:00:00Z'))
    act(() => {
      vi.advanceTimersByTime(60_000)
    })
    expect(result.current).toBe(Date.parse('2026-07-01T12:01:00Z'))
  })

  it('stops ticking after unmount', () => {
    const { unmount } = renderHook(() => useNow(1_000))
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('useClock', () => {
  const NOW = Date.parse('2026-07-01T12:00:00Z')
  const RENDERED_AT = NOW - 5 * 60_000

  function Clock() {
    const { now, hydrated } = useClock(60_000)
    return <p>{`${new Date(now).toISOString()} ${hydrated ? 'hydrated' : 'as rendered'}`}</p>
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(NOW)
  })
  afterEach(() => {
    setPageData(undefined)
    vi.useRealTimers()
  })

  it('is now and hydrated on a screen shown after the page hydrated', () => {
    const { result } = renderHook(() => useClock(60_000))
    expect(result.current).toEqual({ now: NOW, hydrated: true })
  })

  it('hydrates a page rendered with its data as rendered, then moves to now', async () => {
    setPageData({ renderedAt: RENDERED_AT, snapshots: {} })
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Clock />)
    expect(container.textContent).toBe('2026-07-01T11:55:00.000Z as rendered')
    const errors = vi.spyOn(console, 'error')
    const recoverable = vi.fn()
    let root: Root | undefined
    await act(async () => {
      root = hydrateRoot(container, <Clock />, { onRecoverableError: recoverable })
    })
    // No mismatch, and the switch to now followed.
    expect(recoverable).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
    expect(container.textContent).toBe('2026-07-01T12:00:00.000Z hydrated')
    act(() => {
      vi.advanceTimersByTime(60_000)
    })
    expect(container.textContent).toBe('2026-07-01T12:01:00.000Z hydrated')
    act(() => root?.unmount())
    errors.mockRestore()
  })
})
