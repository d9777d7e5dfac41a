import { memo } from 'react'
import type { StatusSummary } from '@/lib/status-summary'
import { StatusIcon } from '@/components/status-icon'
import styles from './dispensary-status.module.css'

/** StatusSummaryPanel shows the totals above the dispensary list (memoised: it changes with the data and the clock only). */
export const StatusSummaryPanel = memo(function StatusSummaryPanel({ summary }: { summary: StatusSummary }) {
  const items = [
    { label: 'Dispensaries', value: summary.dispensaries },
    { label: 'Monitored', value: summary.monitored },
    { label: 'Not Monitored', value: summary.notMonitored },
    { label: 'Menus', value: summary.menus },
    { label: 'Current', value: summary.current, state: 'current' },
    { label: 'Stale', value: summary.stale, state: 'stale' },
    { label: 'Missing', value: summary.missing, state: 'missing' },
    ...(summary.licensed === null ? [] : [{ label: 'Licensed by the state', value: summary.licensed }]),
  ] as const
  return (
    <section className={`card ${styles.summary}`} aria-labelledby="status-summary-heading">
      <h2 id="status-summary-heading" className="visually-hidden">
        Summary
      </h2>
      <dl className={styles.summaryList}>
        {items.map((item) => (
          <div key={item.label} className={styles.summaryItem}>
            <dt className={styles.summaryLabel}>
              {'state' in item && <StatusIcon state={item.state} decorative />}
              {item.label}
            </dt>
            <dd className={styles.summaryValue}>{item.value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.summaryNote}>Current, Stale and Missing count category tiles: five per menu (flower, preroll, vape, extract, edible).</p>
    </section>
  )
})
