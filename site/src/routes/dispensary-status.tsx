import { useDeferredValue, useLayoutEffect, useMemo, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { useDispensaryStatus } from '../api/use-dispensary-status'
import { usePipeline } from '../api/use-pipeline'
import { CoveragePanel } from '../components/dispensary-status/coverage-panel'
import { DispensaryCard } from '../components/dispensary-status/dispensary-card'
import styles from '../components/dispensary-status/dispensary-status.module.css'
import { FreshnessLegend } from '../components/dispensary-status/freshness-legend'
import { StatusFiltersForm } from '../components/dispensary-status/status-filters'
import { StatusSummaryPanel } from '../components/dispensary-status/status-summary-panel'
import { OfflineNotice } from '../components/offline-notice'
import { PageTitle } from '../components/page-title'
import { Spinner } from '../components/spinner'
import { StaleNotice } from '../components/stale-notice'
import { getErrorMessage } from '../lib/get-error-message'
import { DEFAULT_STATUS_FILTERS, dispensarySlug, filterStatus, regionsOf, storeFacts, type StatusFilters } from '../lib/status-filter'
import { classifyTiles, parseUpdateTimes, summarize } from '../lib/status-summary'
import { useNow } from '../lib/use-now'

// Ages only cross the 16 h / 36 h lines every so often; once a minute is plenty.
const CLOCK_TICK_MS = 60_000
/**
 * PAGE_SIZE cards are rendered at first and per "Show more": with 2,000
 * dispensaries the first cards paint as fast as with 50, and a keystroke in the
 * search re-renders at most this many cards.
 */
export const PAGE_SIZE = 20

/** DispensaryStatusRoute (/dispensary-status) shows which dispensaries have up-to-date menu data. */
export function DispensaryStatusRoute() {
  const { data, error, savedAt, publishedAt } = useDispensaryStatus()
  const { data: pipeline } = usePipeline()
  const now = useNow(CLOCK_TICK_MS)
  const { hash } = useLocation()
  const [filters, setFilters] = useState<StatusFilters>(DEFAULT_STATUS_FILTERS)
  // Typing stays responsive: the list follows the query when React has time.
  const deferredFilters = useDeferredValue(filters)
  const [shown, setShown] = useState(PAGE_SIZE)

  // Dates are parsed once per snapshot; a clock tick only re-runs the comparisons.
  const updateTimes = useMemo(() => (data ? parseUpdateTimes(data) : undefined), [data])
  const states = useMemo(() => (updateTimes ? classifyTiles(updateTimes, now) : undefined), [updateTimes, now])
  const summary = useMemo(() => (data && states ? summarize(data, states) : undefined), [data, states])
  const slugs = useMemo(() => data?.map(dispensarySlug), [data])
  const facts = useMemo(
    () => (data && updateTimes && states ? storeFacts(data, updateTimes, states, deferredFilters.market) : undefined),
    [data, updateTimes, states, deferredFilters.market],
  )
  const order = useMemo(() => (data && facts ? filterStatus(data, facts, deferredFilters) : []), [data, facts, deferredFilters])
  const regions = useMemo(() => (data ? regionsOf(data) : []), [data])
  // Minutes, not ms: the tiles' ages change once a minute.
  const nowMinute = Math.floor(now / CLOCK_TICK_MS) * CLOCK_TICK_MS

  // A link to #slug opens the list far enough to hold that card, then scrolls to it.
  const target = decodeURIComponent(hash.replace(/^#/, ''))
  const targetPosition = target && slugs ? order.findIndex((i) => slugs[i] === target) : -1
  const visible = Math.max(shown, targetPosition + 1)
  useLayoutEffect(() => {
    if (targetPosition < 0) return
    document.getElementById(target)?.scrollIntoView({ block: 'start' })
  }, [target, targetPosition])

  // A new search starts again from the first page.
  const changeFilters = (next: StatusFilters) => {
    setFilters(next)
    setShown(PAGE_SIZE)
  }

  return (
    <>
      <PageTitle screen="Dispensary Status" />
      <h1>Dispensary Status</h1>
      <p className={styles.intro}>
        Which dispensaries have up-to-date menu data. Each tile is one menu category; its age is counted from the last time we read that menu
        successfully.
      </p>
      <FreshnessLegend />
      {savedAt !== undefined && <OfflineNotice generatedAt={publishedAt} what="dispensary status" />}
      {error && data && <StaleNotice error={error} what="dispensary status" />}
      {error && !data && (
        <p className="notice notice--error" role="alert">
          An error happened. {getErrorMessage(error)}
        </p>
      )}
      {!data && !error && <Spinner label="Loading dispensary status" />}
      {data && updateTimes && states && summary && slugs && (
        <>
          <StatusSummaryPanel summary={summary} />
          {data.length === 0 ? (
            <p>No dispensaries are published yet.</p>
          ) : (
            <>
              <CoveragePanel dispensaries={data} pipeline={pipeline} nowMs={nowMinute} />
              <StatusFiltersForm filters={filters} regions={regions} onChange={changeFilters} />
              <p className={styles.resultCount} role="status">
                {order.length === data.length ? `${data.length} dispensaries` : `${order.length} of ${data.length} dispensaries match`}
                {order.length > visible && `, showing the first ${visible}`}
              </p>
              {order.length === 0 ? (
                <p>
                  No dispensary matches.{' '}
                  <button type="button" className="button button--secondary" onClick={() => changeFilters(DEFAULT_STATUS_FILTERS)}>
                    Clear the search and filters
                  </button>
                </p>
              ) : (
                <ul className={styles.list} aria-label="Dispensaries">
                  {order.slice(0, visible).map((i) => {
                    const dispensary = data[i]
                    if (!dispensary) return null
                    const cardStates = states[i] ?? []
                    const slug = slugs[i] ?? ''
                    return (
                      <li key={`${slug}|${i}`} id={slug}>
                        <DispensaryCard
                          dispensary={dispensary}
                          slug={slug}
                          updateTimes={updateTimes[i] ?? []}
                          states={cardStates}
                          stateKey={cardStates.map((row) => row.join(',')).join('|')}
                          nowMs={nowMinute}
                        />
                      </li>
                    )
                  })}
                </ul>
              )}
              {order.length > visible && (
                <p className={styles.more}>
                  <button type="button" className="button" onClick={() => setShown(visible + PAGE_SIZE)}>
                    Show {Math.min(PAGE_SIZE, order.length - visible)} more
                  </button>
                </p>
              )}
            </>
          )}
        </>
      )}
    </>
  )
}
