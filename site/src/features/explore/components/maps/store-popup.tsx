import type { DispensaryStatus } from '@/api/dispensary-status'
import { storeMenuHref, storeStatusHref } from '@/config/paths'
import { sitePath } from '@/config/site-base'
import { formatAge } from '@/lib/format'
import { freshnessOf, parseUpdateTime } from '@/lib/freshness'
import { marketLabel, MENU_CATEGORIES } from '@/lib/menu-categories'
import { licensedWithoutMenu } from '@/api/store-listing'
import { StatusIcon } from '@/components/status-icon'
import { StoreListingLines } from '@/components/store-listing-lines'
import styles from './dispensary-map.module.css'

export type StorePopupProps = {
  dispensary: DispensaryStatus
  slug: string
  /** spread is true when the marker was moved off a point other stores share. */
  spread: boolean
  nowMs: number
}

/** StorePopup is a marker's popup: the store, its menus' freshness tiles and where to go next. */
export function StorePopup({ dispensary: d, slug, spread, nowMs }: StorePopupProps) {
  return (
    <div className={styles.popup}>
      <p className={styles.popupName}>{d.name}</p>
      <p>{d.address && !d.location.includes(d.address) ? `${d.address}, ${d.location}` : d.location}</p>
      {d.coordinates !== 'store' && (
        <p className={styles.popupNote}>
          Placed at the centre of {d.city || 'its city'}
          {spread ? ', beside the other stores there' : ''}: the street position is not known.
        </p>
      )}
      <StoreListingLines store={d} nowMs={nowMs} />
      {d.marketStatuses.length === 0 && (
        <p className={styles.popupNote}>
          {licensedWithoutMenu(d) ? 'Licensed by the state, no menu known.' : 'No menus are tracked for this dispensary.'}
        </p>
      )}
      {d.marketStatuses.map((status) => (
        <div key={status.market}>
          <p className={styles.popupMarket}>{marketLabel(status.market)}</p>
          <ul className={styles.popupTiles} aria-label={`${marketLabel(status.market)} menu`}>
            {MENU_CATEGORIES.map((category) => {
              const date = status[category.dateField]
              const ms = parseUpdateTime(date)
              return (
                <li key={category.label}>
                  <StatusIcon state={freshnessOf(date, nowMs)} />
                  <span>
                    {category.label} <span className={styles.popupAge}>{formatAge(ms, nowMs)}</span>
                  </span>
                </li>
              )
            })}
          </ul>
        </div>
      ))}
      <p className={styles.popupLinks}>
        {d.monitored && d.slug && <a href={sitePath(storeMenuHref(d.slug))}>Search this menu</a>}
        <a href={sitePath(storeStatusHref(slug))}>Menu status</a>
        {d.website && (
          <a href={d.website} target="_blank" rel="noopener noreferrer">
            Store’s site
          </a>
        )}
      </p>
    </div>
  )
}
