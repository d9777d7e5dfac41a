import { useSyncExternalStore } from 'react'

const subscribe = () => () => undefined

/**
 * useHydrated is false while pre-rendering and during hydration, true after:
 * browser-only parts (the Leaflet map, charts) render only once it is true, so
 * the pre-rendered HTML and the first client render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
