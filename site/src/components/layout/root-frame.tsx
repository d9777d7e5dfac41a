import { useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { analytics } from '@/lib/analytics'
import { isSameScreen } from '@/lib/same-screen'
import { useLatest } from '@/lib/use-latest'
import { UpdatePrompt } from '../update-prompt'

/**
 * RootFrame wraps every screen, with or without the layout: each navigation
 * scrolls to the top (docs/specification.md §2) and sends a page view; the update prompt
 * shows when a new deployment is ready. The page the app starts on keeps its scroll: a page
 * rendered beforehand is read, and may be scrolled, before the app takes it over (its code
 * starts after the first frame, src/config/early-data.ts), and the browser has placed it. A navigation that stays on its screen (SAME_SCREEN:
 * Menus moving to a region's view) does neither, as a change of the query alone does not.
 */
export function RootFrame() {
  const { pathname, state } = useLocation()
  const navigationState = useLatest(state)
  const startPath = useRef<string | null>(pathname)
  useEffect(() => {
    if (isSameScreen(navigationState.current)) return
    if (startPath.current !== pathname) window.scrollTo(0, 0)
    startPath.current = null
    analytics.pageView(pathname)
  }, [pathname, navigationState])
  return (
    <>
      <Outlet />
      <UpdatePrompt />
    </>
  )
}
