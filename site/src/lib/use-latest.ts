import { useLayoutEffect, useRef } from 'react'

/**
 * useLatest is a ref that holds value as of the last render committed. Handlers made once (with
 * useCallback or useMemo and no dependencies) read what they need through it, so they stay the
 * same functions from render to render and the memoised parts given them do not re-render; it is
 * updated in a layout effect, before any event can reach those handlers.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value)
  useLayoutEffect(() => {
    ref.current = value
  })
  return ref
}
