import { useState } from 'react'

/**
 * SAME_SCREEN is the history state of a navigation that stays on its screen though its path
 * changes (Menus moving to a region's view, /dispensary-menus/central/flower, as a region is
 * chosen): RootFrame neither scrolls to the top nor counts a page view for it, as for a
 * change of the query alone.
 */
export const SAME_SCREEN = { sameScreen: true } as const

/** isSameScreen tells whether a location's state is SAME_SCREEN's. */
export const isSameScreen = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { sameScreen?: unknown }).sameScreen === true

/**
 * useScreenKey is the key of the screen at pathname: pathname itself, kept as it was across a
 * SAME_SCREEN navigation (state: the location's), so that the layout, which keys its screen
 * by it (its animation, its error boundary), keeps that screen mounted.
 */
export function useScreenKey(pathname: string, state: unknown): string {
  const [key, setKey] = useState(pathname)
  const [seen, setSeen] = useState(pathname)
  if (pathname !== seen) {
    setSeen(pathname)
    if (!isSameScreen(state)) setKey(pathname)
  }
  return key
}
