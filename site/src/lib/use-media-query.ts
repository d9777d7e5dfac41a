import { useSyncExternalStore } from 'react'

/**
 * useMediaQuery tracks a CSS media query. Pre-rendered HTML is built for a wide
 * screen, so the server (and the first hydrating render) answers serverValue.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  )
}

/** NARROW_SCREEN is where the sidebar becomes an overlay that closes on navigation (docs/specification.md §9: under 1024px). */
export const NARROW_SCREEN = '(max-width: 1023.98px)'
