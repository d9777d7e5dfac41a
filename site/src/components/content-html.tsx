import type { MouseEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { linksUnderBase } from '../config/base-path'
import { appPath, BASE_PATH } from '../config/site-base'

/**
 * ContentHtml shows Markdown that omc publish rendered to HTML. It is safe to
 * insert: goldmark runs without its unsafe option, so raw HTML and
 * javascript: links in the Markdown never reach the page. Links to the site's
 * own pages navigate inside the app instead of reloading it.
 */
export function ContentHtml({ html, className = 'prose' }: { html: string; className?: string }) {
  const navigate = useNavigate()
  if (!html.trim()) return null
  // Links to the site's pages are written from its root ("/events"): under a base path they
  // must lead there, with or without JavaScript.
  const shown = linksUnderBase(html, BASE_PATH)
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a')
    if (!link || event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target) return
    const url = new URL(link.href, window.location.href)
    if (url.origin !== window.location.origin) return
    event.preventDefault()
    navigate(appPath(url.pathname) + url.search + url.hash)
  }
  // The links inside are the interactive elements; the handler only routes their clicks.
  return <div className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: shown }} />
}
