import type { Freshness } from '@/lib/freshness'
import { formatAge } from '@/lib/format'
import { localTimeText } from '@/components/local-time'
import { StatusIcon } from '@/components/status-icon'
import styles from './dispensary-status.module.css'

export type StatusTileProps = {
  label: string
  state: Freshness
  /** lastUpdate is the published date string; updateMs the same time parsed (null = never). */
  lastUpdate: string | null
  updateMs: number | null
  /** nowMs is the time ages are counted to. */
  nowMs: number
  /** hydrated: the date in the visitor's own form (localTimeText), passed down once for the whole list rather than a hook per tile. */
  hydrated: boolean
  /** count is the product count, undefined when publish did not know it. */
  count: number | undefined
}

/** StatusTile shows one menu category: its freshness, last update date with its age, and product count. */
export function StatusTile({ label, state, lastUpdate, updateMs, nowMs, hydrated, count }: StatusTileProps) {
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
          <time dateTime={lastUpdate}>{localTimeText(updateMs, hydrated)}</time>{' '}
          <span className={styles.tileAge}>{`(${formatAge(updateMs, nowMs)})`}</span>
        </span>
      )}
      {/* One text node each (a template, not JSX's pieces): 20 cards of up to ten tiles are rewritten per keystroke. */}
      {count !== undefined && <span className={styles.tileCount}>{`${count} products`}</span>}
    </li>
  )
}
