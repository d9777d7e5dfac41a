import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { analytics } from '@/lib/analytics'
import { isSameScreen } from '@/lib/same-screen'
import { useLatest } from '@/lib/use-latest'
import { UpdatePrompt } from '../update-prompt'

/**
 * RootFrame wraps every screen, with or without the layout: each navigation
 * scrolls to the top (docs/specification.md §2) and sends a page view; the update prompt
 * shows when a new deployment is ready. A navigation that stays on its screen (SAME_SCREEN:
 * Menus moving to a region's view) does neither, as a change of the query alone does not.
 */
export function RootFrame() {
  const { pathname, state } = useLocation()
  const navigationState = useLatest(state)
  useEffect(() => {
    if (isSameScreen(navigationState.current)) return
    window.scrollTo(0, 0)
    analytics.pageView(pathname)
  }, [pathname, navigationState])
  return (
    <>
      <Outlet />
      <UpdatePrompt />
    </>
  )
}
