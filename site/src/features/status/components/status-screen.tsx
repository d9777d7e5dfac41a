import { useDeferredValue, useLayoutEffect, useMemo, useState } from 'react'
import { useLocation } from 'react-router-dom'
import type { DispensaryStatus } from '../../../api/dispensary-status'
import { classifyTiles, dispensarySlug, parseUpdateTimes, storeFacts, summarize } from '../../../lib/status-summary'
import { useHydrated } from '../../../lib/use-hydrated'
import { useNow } from '../../../lib/use-now'
import type { Pipeline } from '../api/use-pipeline'
import { DEFAULT_STATUS_FILTERS, filterStatus, regionsOf, type StatusFilters } from '../lib/status-filter'
import { CoveragePanel } from './coverage-panel'
import { DispensaryList, PAGE_SIZE } from './dispensary-list'
import styles from './dispensary-status.module.css'
import { StatusFiltersForm } from './status-filters'
import { StatusSummaryPanel } from './status-summary-panel'

// Ages only cross the 16 h / 36 h lines every so often; once a minute is plenty.
const CLOCK_TICK_MS = 60_000

/** StatusScreen is the status page once its snapshot is in: the summary, coverage, the search and the dispensaries' cards. */
export function StatusScreen({ data, pipeline }: { data: readonly DispensaryStatus[]; pipeline: Pipeline | undefined }) {
  const now = useNow(CLOCK_TICK_MS)
  const { hash } = useLocation()
  const [filters, setFilters] = useState<StatusFilters>(DEFAULT_STATUS_FILTERS)
  // Typing stays responsive: the list follows the query when React has time.
  const deferredFilters = useDeferredValue(filters)
  const [shown, setShown] = useState(PAGE_SIZE)

  // Dates are parsed once per snapshot; a clock tick only re-runs the comparisons.
  const updateTimes = useMemo(() => parseUpdateTimes(data), [data])
  const states = useMemo(() => classifyTiles(updateTimes, now), [updateTimes, now])
  const summary = useMemo(() => summarize(data, states), [data, states])
  const slugs = useMemo(() => data.map(dispensarySlug), [data])
  const facts = useMemo(() => storeFacts(data, updateTimes, states, deferredFilters.market), [data, updateTimes, states, deferredFilters.market])
  const order = useMemo(() => filterStatus(data, facts, deferredFilters), [data, facts, deferredFilters])
  const regions = useMemo(() => regionsOf(data), [data])
  // Minutes, not ms: the tiles' ages change once a minute.
  const nowMinute = Math.floor(now / CLOCK_TICK_MS) * CLOCK_TICK_MS

  // A link to #slug opens the list far enough to hold that card, then scrolls to it.
  // Not while hydrating: the HTML was rendered without the hash.
  const hydrated = useHydrated()
  const target = hydrated ? decodeURIComponent(hash.replace(/^#/, '')) : ''
  const targetPosition = target ? order.findIndex((i) => slugs[i] === target) : -1
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
            <DispensaryList
              data={data}
              order={order}
              visible={visible}
              slugs={slugs}
              updateTimes={updateTimes}
              states={states}
              nowMs={nowMinute}
              onMore={() => setShown(visible + PAGE_SIZE)}
            />
          )}
        </>
      )}
    </>
  )
}
