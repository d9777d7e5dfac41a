import { memo, useId } from 'react'
import type { DispensaryStatus } from '../../api/schemas'
import type { Freshness } from '../../lib/freshness'
import { marketLabel, MENU_CATEGORIES, productCount } from '../../lib/menu-categories'
import styles from './dispensary-status.module.css'
import { StatusTile } from './status-tile'

export type DispensaryCardProps = {
  dispensary: DispensaryStatus
  /** updateTimes[market][category] in epoch ms, null = never. */
  updateTimes: ReadonlyArray<ReadonlyArray<number | null>>
  /** states[market][category] at the time the page last computed them. */
  states: ReadonlyArray<ReadonlyArray<Freshness>>
  /** stateKey summarises states so an unchanged card skips re-rendering when the clock ticks. */
  stateKey: string
}

function DispensaryCardView({ dispensary, updateTimes, states }: DispensaryCardProps) {
  const headingId = useId()
  return (
    <article className={`card ${styles.dispensary}`} aria-labelledby={headingId}>
      <header className={styles.dispensaryHead}>
        <div>
          <h2 id={headingId} className={styles.dispensaryName}>
            {dispensary.name}
          </h2>
          <p className={styles.location}>{dispensary.location}</p>
        </div>
        <span className={`pill ${dispensary.monitored ? 'pill--monitored' : 'pill--not-monitored'}`}>
          {dispensary.monitored ? 'Monitored' : 'Not Monitored'}
        </span>
      </header>
      {dispensary.marketStatuses.length === 0 ? (
        <p className={styles.noMenus}>No menus are tracked for this dispensary.</p>
      ) : (
        dispensary.marketStatuses.map((status, m) => (
          <div key={`${status.market}|${m}`} className={styles.market}>
            <h3 className={styles.marketName}>{marketLabel(status.market)}</h3>
            <ul className={styles.tiles} aria-label={`${marketLabel(status.market)} menu`}>
              {MENU_CATEGORIES.map((category, c) => (
                <StatusTile
                  key={category.label}
                  label={category.label}
                  state={states[m]?.[c] ?? 'missing'}
                  lastUpdate={status[category.dateField]}
                  updateMs={updateTimes[m]?.[c] ?? null}
                  count={productCount(status, category)}
                />
              ))}
            </ul>
          </div>
        ))
      )}
    </article>
  )
}

/** DispensaryCard is one dispensary with a row of five tiles per market; it re-renders only when its data or states change. */
export const DispensaryCard = memo(
  DispensaryCardView,
  (previous, next) =>
    previous.dispensary === next.dispensary &&
    previous.updateTimes === next.updateTimes &&
    previous.stateKey === next.stateKey,
)
