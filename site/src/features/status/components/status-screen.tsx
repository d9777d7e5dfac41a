import { useDeferredValue, useLayoutEffect, useMemo, useState } from 'react'
import { useLocation } from 'react-router-dom'
import type { DispensaryStatus } from '@/api/dispensary-status'
import { dispensarySlug, storeFactsOf, summaryOf, tileStatesAt, updateTimesOf } from '@/lib/status-summary'
import { useClock } from '@/lib/use-now'
import type { Pipeline } from '../api/use-pipeline'
import { DEFAULT_STATUS_FILTERS, filterStatusOf, regionsOf, type StatusFilters } from '../lib/status-filter'
import { CoveragePanel } from './coverage-panel'
import { DispensaryList, PAGE_SIZE } from './dispensary-list'
import styles from './dispensary-status.module.css'
import { StatusFiltersForm } from './status-filters'
import { StatusSummaryPanel } from './status-summary-panel'

// Ages only cross the 16 h / 36 h lines every so often; once a minute is plenty.
const CLOCK_TICK_MS = 60_000

/** StatusScreen is the status page once its snapshot is in: the summary, coverage, the search and the dispensaries' cards. */
export function StatusScreen({ data, pipeline }: { data: readonly DispensaryStatus[]; pipeline: Pipeline | undefined }) {
  // The clock (and the switch from the pre-rendered page's time to now) moves in a transition.
  const { now, hydrated } = useClock(CLOCK_TICK_MS)
  const { hash } = useLocation()
  const [filters, setFilters] = useState<StatusFilters>(DEFAULT_STATUS_FILTERS)
  // Typing stays responsive: the input follows each key at once, the list when React has time.
  const deferredFilters = useDeferredValue(filters)
  const [shown, setShown] = useState(PAGE_SIZE)

  // Derived once per snapshot, time and search, and kept outside the render (lib/status-summary.ts):
  // a render React restarts finds them instead of computing them over 2,000 dispensaries again.
  const updateTimes = updateTimesOf(data)
  const states = tileStatesAt(updateTimes, now)
  const summary = summaryOf(states, data)
  const facts = storeFactsOf(states, { dispensaries: data, times: updateTimes, market: deferredFilters.market })
  const order = filterStatusOf(facts, { dispensaries: data, filters: deferredFilters })
  const slugs = useMemo(() => data.map(dispensarySlug), [data])
  const regions = useMemo(() => regionsOf(data), [data])
  // Minutes, not ms: the tiles' ages change once a minute.
  const nowMinute = Math.floor(now / CLOCK_TICK_MS) * CLOCK_TICK_MS

  // A link to #slug opens the list far enough to hold that card, then scrolls to it.
  // Not while hydrating: the HTML was rendered without the hash.
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
              hydrated={hydrated}
              onMore={() => setShown(visible + PAGE_SIZE)}
            />
          )}
        </>
      )}
    </>
  )
}
