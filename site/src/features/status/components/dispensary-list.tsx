import type { DispensaryStatus } from '@/api/dispensary-status'
import type { TileStates, UpdateTimes } from '@/lib/status-summary'
import { DispensaryCard } from './dispensary-card'
import styles from './dispensary-status.module.css'

/**
 * PAGE_SIZE cards are rendered at first and per "Show more": with 2,000
 * dispensaries the first cards paint as fast as with 50, and a keystroke in the
 * search re-renders at most this many cards.
 */
export const PAGE_SIZE = 20

type Props = {
  data: readonly DispensaryStatus[]
  /** order are the indexes of the dispensaries to show, in order; the first visible of them are. */
  order: readonly number[]
  visible: number
  slugs: readonly string[]
  updateTimes: UpdateTimes
  states: TileStates
  nowMs: number
  /** hydrated: dates in the visitor's own form (see localTimeText). */
  hydrated: boolean
  onMore: () => void
}

/** DispensaryList is the status page's cards, each with its #slug anchor, and the "Show more" button. */
export function DispensaryList({ data, order, visible, slugs, updateTimes, states, nowMs, hydrated, onMore }: Props) {
  return (
    <>
      <ul className={styles.list} aria-label="Dispensaries">
        {order.slice(0, visible).map((i, position) => {
          const dispensary = data[i]
          if (!dispensary) return null
          const cardStates = states[i] ?? []
          const slug = slugs[i] ?? ''
          // Keyed by position: a keystroke that brings other dispensaries rewrites the
          // cards' text in place instead of removing 20 cards and building 20 new ones
          // (their DOM, and React's walk over every removed element); cards hold no state.
          return (
            <li key={position} id={slug}>
              <DispensaryCard
                dispensary={dispensary}
                slug={slug}
                updateTimes={updateTimes[i] ?? []}
                states={cardStates}
                stateKey={cardStates.map((row) => row.join(',')).join('|')}
                nowMs={nowMs}
                hydrated={hydrated}
              />
            </li>
          )
        })}
      </ul>
      {order.length > visible && (
        <p className={styles.more}>
          <button type="button" className="button" onClick={onMore}>
            Show {Math.min(PAGE_SIZE, order.length - visible)} more
          </button>
        </p>
      )}
    </>
  )
}
