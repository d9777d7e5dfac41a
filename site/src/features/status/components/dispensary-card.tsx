import { memo, useId } from 'react'
import type { DispensaryStatus } from '@/api/dispensary-status'
import { licensedWithoutMenu } from '@/api/store-listing'
import { StoreListingLines } from '@/components/store-listing-lines'
import { storeMenuHref } from '@/config/paths'
import { sitePath } from '@/config/site-base'
import type { Freshness } from '@/lib/freshness'
import { marketLabel, MENU_CATEGORIES, productCount } from '@/lib/menu-categories'
import { servedBy } from '../lib/served-by'
import styles from './dispensary-status.module.css'
import { StatusTile } from './status-tile'

export type DispensaryCardProps = {
  dispensary: DispensaryStatus
  /** slug is the card's anchor (#slug). */
  slug: string
  /** updateTimes[market][category] in epoch ms, null = never. */
  updateTimes: ReadonlyArray<ReadonlyArray<number | null>>
  /** states[market][category] at the time the page last computed them. */
  states: ReadonlyArray<ReadonlyArray<Freshness>>
  /** stateKey summarises states so an unchanged card skips re-rendering when the clock ticks. */
  stateKey: string
  /** nowMs is the time the tiles' ages are counted to (a new minute re-renders the card). */
  nowMs: number
  /** hydrated: the tiles' dates in the visitor's own form, else as the pre-rendered page has them. */
  hydrated: boolean
}

/** streetLine is the address to show: the published location, with the street added when only the city is in it. */
function streetLine(d: DispensaryStatus): string {
  if (d.address && !d.location.includes(d.address)) return `${d.address}, ${d.location}`
  return d.location
}

function DispensaryCardView({ dispensary, slug, updateTimes, states, nowMs, hydrated }: DispensaryCardProps) {
  const headingId = useId()
  const menuPages = dispensary.marketStatuses.filter((s) => s.menuUrl)
  return (
    <article className={`card ${styles.dispensary}`} aria-labelledby={headingId}>
      <header className={styles.dispensaryHead}>
        <div>
          <div className={styles.nameRow}>
            <h2 id={headingId} className={styles.dispensaryName}>
              {dispensary.name}
            </h2>
            <a className={styles.anchor} href={`#${slug}`} aria-label={`Link to ${dispensary.name}`}>
              #
            </a>
          </div>
          <p className={styles.location}>
            {streetLine(dispensary)}
            {dispensary.region && <span> · {dispensary.region}</span>}
          </p>
          <StoreListingLines store={dispensary} nowMs={nowMs} className={styles.location} />
          {servedBy(dispensary) && <p className={styles.location}>{servedBy(dispensary)}</p>}
          <p className={styles.links}>
            {dispensary.monitored && dispensary.slug && <a href={sitePath(storeMenuHref(dispensary.slug))}>Search this menu</a>}
            {menuPages.map((s) => (
              <a key={s.market} href={s.menuUrl ?? undefined} rel="noopener noreferrer" target="_blank">
                {marketLabel(s.market)} menu on the store’s site
              </a>
            ))}
            {menuPages.length === 0 && dispensary.website && (
              <a href={dispensary.website} rel="noopener noreferrer" target="_blank">
                Store’s site
              </a>
            )}
          </p>
        </div>
        <span className={`pill ${dispensary.monitored ? 'pill--monitored' : 'pill--not-monitored'}`}>
          {dispensary.monitored ? 'Monitored' : 'Not Monitored'}
        </span>
      </header>
      {dispensary.marketStatuses.length === 0 ? (
        <p className={styles.noMenus}>
          {licensedWithoutMenu(dispensary)
            ? 'Licensed by the state, no menu known: we read no menu of this store.'
            : 'No menus are tracked for this dispensary.'}
        </p>
      ) : (
        dispensary.marketStatuses.map((status, m) => (
          // By position, as the cards are (dispensary-list.tsx): another store's markets rewrite these.
          <div key={m} className={styles.market}>
            <h3 className={styles.marketName}>{marketLabel(status.market)}</h3>
            <ul className={styles.tiles} aria-label={`${marketLabel(status.market)} menu`}>
              {MENU_CATEGORIES.map((category, c) => (
                <StatusTile
                  key={category.label}
                  label={category.label}
                  state={states[m]?.[c] ?? 'missing'}
                  lastUpdate={status[category.dateField]}
                  updateMs={updateTimes[m]?.[c] ?? null}
                  nowMs={nowMs}
                  hydrated={hydrated}
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

/** DispensaryCard is one dispensary with a row of five tiles per market; it re-renders only when its data, states, minute or hydration change. */
export const DispensaryCard = memo(
  DispensaryCardView,
  (previous, next) =>
    previous.dispensary === next.dispensary &&
    previous.updateTimes === next.updateTimes &&
    previous.stateKey === next.stateKey &&
    previous.nowMs === next.nowMs &&
    previous.hydrated === next.hydrated &&
    previous.slug === next.slug,
)
