import { useEffect, useState } from 'react'

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
  return now
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
