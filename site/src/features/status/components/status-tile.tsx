import type { Freshness } from '../../../lib/freshness'
import { formatAge } from '../../../lib/format'
import { LocalTime } from '../../../components/local-time'
import { StatusIcon } from '../../../components/status-icon'
import styles from './dispensary-status.module.css'

export type StatusTileProps = {
  label: string
  state: Freshness
  /** lastUpdate is the published date string; updateMs the same time parsed (null = never). */
  lastUpdate: string | null
  updateMs: number | null
  /** nowMs is the time ages are counted to. */
  nowMs: number
  /** count is the product count, undefined when publish did not know it. */
  count: number | undefined
}

/** StatusTile shows one menu category: its freshness, last update date with its age, and product count. */
export function StatusTile({ label, state, lastUpdate, updateMs, nowMs, count }: StatusTileProps) {
  return (
    <li className={`${styles.tile} ${styles[state] ?? ''}`}>
      <span className={styles.tileHead}>
        <span className={styles.tileName}>{label}</span>
        <span className="visually-hidden"> menu, status: </span>
        <StatusIcon state={state} />
      </span>
      {updateMs === null || lastUpdate === null ? (
        <span className={styles.tileDate}>Never</span>
      ) : (
        <span className={styles.tileDate}>
          <time dateTime={lastUpdate}>
            <LocalTime ms={updateMs} />
          </time>{' '}
          <span className={styles.tileAge}>({formatAge(updateMs, nowMs)})</span>
        </span>
      )}
      {count !== undefined && <span className={styles.tileCount}>{count} products</span>}
    </li>
  )
}
