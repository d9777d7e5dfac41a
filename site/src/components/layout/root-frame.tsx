import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { analytics } from '@/lib/analytics'
import { UpdatePrompt } from '../update-prompt'

/**
 * RootFrame wraps every screen, with or without the layout: each navigation
 * scrolls to the top (docs/specification.md §2) and sends a page view; the update prompt
 * shows when a new deployment is ready.
 */
export function RootFrame() {
  const { pathname } = useLocation()
  useEffect(() => {
    window.scrollTo(0, 0)
    analytics.pageView(pathname)
  }, [pathname])
  return (
    <>
      <Outlet />
      <UpdatePrompt />
    </>
  )
}
