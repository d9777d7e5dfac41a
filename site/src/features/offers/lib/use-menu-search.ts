import { startTransition, useEffect, useMemo, useOptimistic, useRef, useState } from 'react'
import { useLatest } from '@/lib/use-latest'
import { useNavigate } from 'react-router-dom'
import { SAME_SCREEN } from '@/lib/same-screen'
import { menusLocation, useMenuSearchQuery } from './menus-location'
import { lastPointStore } from './last-point'
import {
  hasPoint,
  menuTypeOf,
  previousSearchStore,
  readMenuSearch,
  type DispensarySearchState,
  type MenuSearch,
  type SearchFilters,
} from './search-state'

/** TYPING_PAUSE_MS: the results follow typing once it pauses this long. */
const TYPING_PAUSE_MS = 200

/** afterNextPaint resolves once the browser has painted the current frame. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
}

/**
 * useAfterPaint is value as it was when the screen last painted: null at first, then
 * each new value once the frame that shows what changed with it is painted (in a
 * transition). What is costly to derive from it (the filters' counts over a whole
 * state's offers) then never delays the results' own paint.
 */
export function useAfterPaint<T>(value: T): T | null {
  const [painted, setPainted] = useState<T | null>(null)
  useEffect(() => {
    let current = true
    void afterNextPaint().then(() => current && startTransition(() => setPainted(() => value)))
    return () => {
      current = false
    }
  }, [value])
  return painted
}

/**
 * FIRST_ROWS offers are what a screen of offers (Menus, a store's page) renders first after
 * its data arrives, more than a first screenful: the rest of its rows follow once those are
 * painted. Rendering a whole page of rows (50 on Menus, 700 on a large store) before the
 * first paint cost about as much as everything else before it at 4x CPU slowdown
 * (npm run bench:menus).
 */
export const FIRST_ROWS = 20

/**
 * useFirstRowsPainted is false until the screen has painted with ready true (its first
 * results on screen), then true while ready stays true: a screen renders its first
 * FIRST_ROWS offers until then, and all of them after.
 */
export function useFirstRowsPainted(ready: boolean): boolean {
  return useAfterPaint(ready) === true
}

/**
 * useMenuSearch is the Menus search's state, kept in the URL: state is what the
 * URL says (what the results show), shown what the form shows. A change shows in
 * the form at once and reaches the URL, and so the results, after the next paint
 * (typing: after a pause), so no click or keystroke waits for a search of the
 * whole state. Every change is a history entry, but typing, which replaces it. A search of
 * one region moves the URL to that region's view (menus-location.ts), the same screen.
 */
export function useMenuSearch() {
  const params = useMenuSearchQuery()
  const navigate = useNavigate()
  const state = useMemo(() => readMenuSearch(params), [params])
  // The router changes the URL in a transition, which keeps the old screen until
  // the new one is ready: the form shows the change at once, the results follow.
  const [shown, setShown] = useOptimistic(state)
  const latest = useRef(0)
  // The handlers below read the latest shown state through a ref, so that they stay the
  // same functions from render to render: the forms and options they are passed to are
  // memoised, and a click then re-renders only what it changed.
  const current = useLatest({ shown, setShown, navigate })

  const handlers = useMemo(() => {
    const go = (next: Partial<Omit<MenuSearch, 'searched'>>, replace = false) => {
      const { shown, setShown, navigate } = current.current
      const merged = { search: shown.search, filters: shown.filters, page: 1, ...next }
      const search = merged.search
      // Only when they change: each write re-renders their readers at once, outside the transition.
      const last = { region: search.searchType === 'region' ? search.region : '', menuType: menuTypeOf(search), productType: search.productType }
      if (JSON.stringify(last) !== JSON.stringify(previousSearchStore.get())) previousSearchStore.set(last)
      const point = { ...search.coordinates, place: search.place }
      if (search.searchType === 'distance' && hasPoint(search.coordinates) && JSON.stringify(point) !== JSON.stringify(lastPointStore.get()))
        lastPointStore.set(point)
      const ticket = ++latest.current
      startTransition(async () => {
        setShown({ ...merged, searched: true })
        await (replace ? new Promise((resolve) => setTimeout(resolve, TYPING_PAUSE_MS)) : afterNextPaint())
        if (ticket !== latest.current) return
        startTransition(() => void navigate(menusLocation(merged), { replace, state: SAME_SCREEN }))
      })
    }
    const setSearch = (patch: Partial<DispensarySearchState>) => go({ search: { ...current.current.shown.search, ...patch } })
    const setFilters = (patch: Partial<SearchFilters>, replace = false) => go({ filters: { ...current.current.shown.filters, ...patch } }, replace)
    const setPage = (page: number) => go({ page })
    return { go, setSearch, setFilters, setPage }
  }, [current])
  return { state, shown, ...handlers }
}
