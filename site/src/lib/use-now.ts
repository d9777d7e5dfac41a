import { startTransition, useEffect, useState } from 'react'
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
  return useRenderedNow(useTicking(intervalMs, false))
}

/** useTicking is the current time, refreshed every intervalMs and when the tab is shown again; inTransition: refreshed in a transition. */
function useTicking(intervalMs: number, inTransition: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const tick = inTransition ? () => startTransition(() => setNow(Date.now())) : () => setNow(Date.now())
    const id = setInterval(tick, intervalMs)
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearInterval(id)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [intervalMs, inTransition])
  return now
}

/** Clock is the time a screen counts ages to and whether it shows what only the browser knows (see useClock). */
export type Clock = { now: number; hydrated: boolean }

/**
 * useClock is useNow and useHydrated in one, for a screen that redraws much when
 * either changes (the status page's 2,000 dispensaries): while a page rendered with
 * its data hydrates, the time it was rendered and hydrated false, as the HTML has
 * them; then now and true together, and each tick after, in a transition, so a
 * key pressed meanwhile is not kept waiting by the redraw. Elsewhere (a screen shown
 * after the page has hydrated) now and true from the start.
 */
export function useClock(intervalMs: number): Clock {
  const hydrated = useHydrated()
  const [settled, setSettled] = useState(hydrated)
  const ticking = useTicking(intervalMs, true)
  useEffect(() => {
    if (hydrated && !settled) startTransition(() => setSettled(true))
  }, [hydrated, settled])
  const renderedAt = pageRenderedAt()
  return { now: settled || renderedAt === undefined ? ticking : renderedAt, hydrated: settled }
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
