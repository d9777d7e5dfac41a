import { useId } from 'react'
import { Link } from 'react-router-dom'
import { storeMenuHref } from '@/config/paths'
import { OfferCards, OfferTable, type OfferColumn } from '@/components/offers/offer-table'
import { OpenNow } from '@/components/store-listing-lines'
import { formatMiles } from '@/lib/geo'
import type { SearchOffer, StoreGroup } from '../lib/offer-search'
import { formatThcValue, thcValue } from '../lib/thc-value'
import styles from './shop.module.css'
import { wishlistAction, type ShopRow } from './wishlist-button'
import tables from '@/components/data-table.module.css'

type ListProps = {
  offers: readonly SearchOffer[]
  nowMs: number
  showStore: boolean
  cardView: boolean
  /** byThcValue: the list is sorted by price per 100 mg THC, which each row then says. */
  byThcValue?: boolean
  /** marksFirst: the page's main list, its first row marked (OfferTable). */
  marksFirst?: boolean
}

/** rowOf is a search offer as the offer lists show it. */
function rowOf(o: SearchOffer, byThcValue: boolean): ShopRow {
  const { store } = o
  return {
    ...o,
    thcValue: byThcValue ? formatThcValue(thcValue(o)) : undefined,
    detail: [o.brand, o.strain].filter(Boolean).join(' · '),
    openingHours: store.openingHours ?? null,
    salesTaxPercent: store.salesTaxPercent ?? null,
    store: { slug: store.slug, name: store.name, city: store.city, distance: o.distance, about: store.coordinates === 'city' },
    wish: { code: o.code, name: o.name, brand: o.brand, category: o.category, size: o.size, grams: o.grams, mg: o.mg, thc: o.thc },
  }
}

// "Open now?" last: the columns before it keep their places.
const WITH_STORE: OfferColumn[] = ['product', 'size', 'price', 'unitPrice', 'thc', 'market', 'store', 'menu', 'open']
const WITHOUT_STORE = WITH_STORE.filter((c) => c !== 'store' && c !== 'open')
/** withThcValue adds the price per 100 mg THC beside the unit price: the columns of a list sorted by it (Menus, Deals, a store's page). */
export const withThcValue = (columns: readonly OfferColumn[]): OfferColumn[] =>
  columns.flatMap((c) => (c === 'unitPrice' ? [c, 'thcValue' as const] : [c]))
const BY_VALUE_WITH_STORE = withThcValue(WITH_STORE)
const BY_VALUE_WITHOUT_STORE = withThcValue(WITHOUT_STORE)

/** OfferList shows a page of the Menus search as a table or cards. */
export function OfferList({ offers, nowMs, showStore, cardView, byThcValue = false, marksFirst = false }: ListProps) {
  const rows = offers.map((o) => rowOf(o, byThcValue))
  return cardView ? (
    <OfferCards rows={rows} nowMs={nowMs} showStore={showStore} action={wishlistAction} />
  ) : (
    <OfferTable
      rows={rows}
      columns={byThcValue ? (showStore ? BY_VALUE_WITH_STORE : BY_VALUE_WITHOUT_STORE) : showStore ? WITH_STORE : WITHOUT_STORE}
      nowMs={nowMs}
      action={wishlistAction}
      marksFirst={marksFirst}
    />
  )
}

/** StoreSection is one store's offers under a heading linking to the store's page and its own site. */
export function StoreSection({ group, nowMs, cardView, byThcValue }: { group: StoreGroup; nowMs: number; cardView: boolean; byThcValue?: boolean }) {
  const headingId = useId()
  const { store } = group
  const site = store.website || store.markets.find((m) => m.menuUrl)?.menuUrl || null
  return (
    <section className={styles.store} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.storeHeading}>
        <Link to={storeMenuHref(store.slug)}>{store.name}</Link>
        <span className={tables.sub}>
          {[store.address, store.city].filter(Boolean).join(', ')}
          {group.distance !== null && ` · ${store.coordinates === 'city' ? 'about ' : ''}${formatMiles(group.distance)} away`}
        </span>
        <span className={tables.sub}>
          <OpenNow hours={store.openingHours} nowMs={nowMs} />
        </span>
      </h3>
      {site ? (
        <p className={tables.sub}>
          <a href={site} rel="noopener noreferrer" target="_blank">
            {store.name}’s own site
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : (
        <p className={tables.sub}>No website on record: call before you go.</p>
      )}
      <OfferList offers={group.offers} nowMs={nowMs} showStore={false} cardView={cardView} byThcValue={byThcValue} />
    </section>
  )
}
