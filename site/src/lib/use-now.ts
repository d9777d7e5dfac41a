import { useEffect, useState } from 'react'
import { pageRenderedAt } from '../api/page-data'
import { useHydrated } from './use-hydrated'

/**
 * useRenderedNow is now as the page's HTML has it: while a page rendered with its
 * data (api/page-data.ts) is pre-rendered and hydrated, the time that HTML was
 * rendered, so the ages and freshness it shows come out the same in the browser
 * (no hydration mismatch); right after, and on any other page, now.
 */
function useRenderedNow(now: number): number {
  const hydrated = useHydrated()
  const renderedAt = pageRenderedAt()
  return hydrated || renderedAt === undefined ? now : renderedAt
}

/**
 * useNow returns the current time (epoch ms), refreshed every intervalMs and
 * whenever the tab becomes visible again (background tabs throttle timers), so
 * ages computed from it keep up while a page stays open.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const tick = () => setNow(Date.now())
    const id = setInterval(tick, intervalMs)
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearInterval(id)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [intervalMs])
  return useRenderedNow(now)
}

/**
 * useMountedNow is the time the component was first shown, for ages that need not
 * tick (as useRenderedNow while a page rendered with its data hydrates).
 */
export function useMountedNow(): number {
  const [now] = useState(Date.now)
  return useRenderedNow(now)
}

const MINUTE_MS = 60_000

/**
 * useMinute is the current time rounded down to the minute, ticking once a
 * minute: menu ages cross the 16 h and 36 h lines only every so often, and a
 * time that changes once a minute leaves memoised work alone in between.
 */
export function useMinute(): number {
  return Math.floor(useNow(MINUTE_MS) / MINUTE_MS) * MINUTE_MS
}
