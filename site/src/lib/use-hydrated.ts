import { useSyncExternalStore } from 'react'

const subscribe = () => () => undefined

/**
 * useHydrated is false while pre-rendering and during hydration, true after:
 * browser-only parts (the Leaflet map, charts) and screens whose content depends
 * on the URL's query or on localStorage render only once it is true, so the
 * pre-rendered HTML and the first client render agree (see AfterHydration).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
