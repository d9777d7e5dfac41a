import type { ReactNode } from 'react'
import { pageRenderedAt } from '../api/page-data'
import { useHydrated } from '../lib/use-hydrated'
import { LocalTime } from './local-time'
import { Spinner } from './spinner'

/**
 * AfterHydration shows children only once the page has hydrated, a spinner
 * labelled loading before (and in the pre-rendered HTML): for what depends on
 * this browser (its storage, the URL's query, a map or a chart).
 *
 * withPageData: children are also rendered into, and hydrated from, a page
 * rendered after a publish with its snapshots (api/page-data.ts), as the default
 * view (no query: a page opened with one is rendered afresh, see app/main.tsx;
 * the browser's storage reads as empty until hydrated). That HTML says when it
 * was rendered, since its ages are counted to then; the hydrated page counts them
 * to now and drops the line. The line comes after the screen, pinned to the bottom
 * of the window while it is read (notice--pinned): above the screen, its removal on
 * hydration would move everything under it up by its height.
 */
export function AfterHydration({ loading, children, withPageData = false }: { loading: string; children: ReactNode; withPageData?: boolean }) {
  const hydrated = useHydrated()
  const renderedAt = pageRenderedAt()
  if (hydrated) return children
  if (!withPageData || renderedAt === undefined) return <Spinner label={loading} />
  return (
    <>
      {children}
      <p className="notice notice--info notice--pinned" data-testid="rendered-at">
        As published <LocalTime ms={renderedAt} withTime />: the ages shown are counted to that time.
      </p>
    </>
  )
}
