import { useMemo } from 'react'
import { useDispensaryStatus } from '../api/use-dispensary-status'
import { DispensaryCard } from '../components/dispensary-status/dispensary-card'
import styles from '../components/dispensary-status/dispensary-status.module.css'
import { FreshnessLegend } from '../components/dispensary-status/freshness-legend'
import { StatusSummaryPanel } from '../components/dispensary-status/status-summary-panel'
import { OfflineNotice } from '../components/offline-notice'
import { PageTitle } from '../components/page-title'
import { Spinner } from '../components/spinner'
import { StaleNotice } from '../components/stale-notice'
import { getErrorMessage } from '../lib/get-error-message'
import { classifyTiles, parseUpdateTimes, summarize } from '../lib/status-summary'
import { useNow } from '../lib/use-now'

// Ages only cross the 16 h / 36 h lines every so often; once a minute is plenty.
const CLOCK_TICK_MS = 60_000

/** DispensaryStatusRoute (/dispensary-status) shows which dispensaries have up-to-date menu data. */
export function DispensaryStatusRoute() {
  const { data, error, savedAt, publishedAt } = useDispensaryStatus()
  const now = useNow(CLOCK_TICK_MS)
  // Dates are parsed once per snapshot; a clock tick only re-runs the comparisons.
  const updateTimes = useMemo(() => (data ? parseUpdateTimes(data) : undefined), [data])
  const states = useMemo(() => (updateTimes ? classifyTiles(updateTimes, now) : undefined), [updateTimes, now])
  const summary = useMemo(() => (data && states ? summarize(data, states) : undefined), [data, states])

  return (
    <>
      <PageTitle screen="Dispensary Status" />
      <h1>Dispensary Status</h1>
      <p className={styles.intro}>
        Which dispensaries have up-to-date menu data. Each tile is one menu category; its age is counted from the last
        time we read that menu successfully.
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
      {data && updateTimes && states && summary && (
        <>
          <StatusSummaryPanel summary={summary} />
          {data.length === 0 ? (
            <p>No dispensaries are published yet.</p>
          ) : (
            <ul className={styles.list} aria-label="Dispensaries">
              {data.map((dispensary, i) => {
                const cardStates = states[i] ?? []
                return (
                  <li key={`${dispensary.name}|${dispensary.location}|${i}`}>
                    <DispensaryCard
                      dispensary={dispensary}
                      updateTimes={updateTimes[i] ?? []}
                      states={cardStates}
                      stateKey={cardStates.map((row) => row.join(',')).join('|')}
                    />
                  </li>
                )
              })}
            </ul>
          )}
        </>
      )}
    </>
  )
}
