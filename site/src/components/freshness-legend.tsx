import { CURRENT_UNDER_HOURS, STALE_UNDER_HOURS } from '../lib/freshness'
import styles from './freshness-legend.module.css'
import { StatusIcon } from './status-icon'

/** FreshnessLegend explains the three tile states in words. */
export function FreshnessLegend() {
  return (
    <ul className={styles.legend} aria-label="What the icons mean">
      <li>
        <StatusIcon state="current" decorative /> Current: updated less than {CURRENT_UNDER_HOURS} hours ago
      </li>
      <li>
        <StatusIcon state="stale" decorative /> Stale: {CURRENT_UNDER_HOURS} to {STALE_UNDER_HOURS} hours ago
      </li>
      <li>
        <StatusIcon state="missing" decorative /> Missing: {STALE_UNDER_HOURS} hours or more, or never
      </li>
    </ul>
  )
}
