import { useId } from 'react'
import { formatMiles } from '../../lib/geo'
import type { SearchOffer, StoreGroup } from '../../lib/offer-search'
import { Market, MenuAge, PricePaid, ProductLink, Thc, UnitPrice } from './offer-bits'
import styles from './shop.module.css'
import { WishlistButton } from './wishlist-button'

type ListProps = { offers: readonly SearchOffer[]; nowMs: number; showStore: boolean; cardView: boolean }

function wishOf(o: SearchOffer) {
  return { code: o.code, name: o.name, brand: o.brand, category: o.category, size: o.size, grams: o.grams, mg: o.mg, thc: o.thc }
}

function StoreCell({ offer }: { offer: SearchOffer }) {
  return (
    <>
      {offer.store.name}
      <span className={styles.sub}>
        {offer.store.city}
        {offer.distance !== null && `, ${offer.store.coordinates === 'city' ? '≈' : ''}${formatMiles(offer.distance)}`}
      </span>
    </>
  )
}

/** OfferTable shows offers as table rows: product, size, price paid, unit price, THC, market, store, menu age. */
function OfferTable({ offers, nowMs, showStore }: Omit<ListProps, 'cardView'>) {
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} offer-rows`}>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Size</th>
            <th scope="col">Price</th>
            <th scope="col">Unit price</th>
            <th scope="col">THC</th>
            <th scope="col">Market</th>
            {showStore && <th scope="col">Store</th>}
            <th scope="col">Menu</th>
            <th scope="col">
              <span className="visually-hidden">Wishlist</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {offers.map((o) => (
            <tr key={o.key}>
              <td>
                <ProductLink code={o.code} name={o.name} />
                {o.isNew && <span className={styles.sub}>New</span>}
                <span className={styles.sub}>{[o.brand, o.strain].filter(Boolean).join(' · ')}</span>
              </td>
              <td>{o.size}</td>
              <td>
                <PricePaid price={o.price} salePrice={o.salePrice} />
              </td>
              <td>
                <UnitPrice unitPrice={o.unitPrice} unit={o.unit} />
              </td>
              <td>
                <Thc thc={o.thc} />
              </td>
              <td>
                <Market market={o.market} />
              </td>
              {showStore && (
                <td>
                  <StoreCell offer={o} />
                </td>
              )}
              <td>
                <MenuAge lastUpdate={o.lastUpdate} nowMs={nowMs} />
              </td>
              <td>
                <WishlistButton item={wishOf(o)} compact />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** OfferCards shows offers as cards with the same facts as the table. */
function OfferCards({ offers, nowMs, showStore }: Omit<ListProps, 'cardView'>) {
  return (
    <ul className={styles.cards}>
      {offers.map((o) => (
        <li key={o.key} className={`card ${styles.offerCard}`}>
          <p>
            <ProductLink code={o.code} name={o.name} />
            {o.isNew && ' (new)'}
            <span className={styles.sub}>{[o.brand, o.strain].filter(Boolean).join(' · ')}</span>
          </p>
          <p className={styles.row}>
            <span>{o.size}</span>
            <PricePaid price={o.price} salePrice={o.salePrice} />
            <UnitPrice unitPrice={o.unitPrice} unit={o.unit} />
            <Thc thc={o.thc} />
          </p>
          <p className={styles.row}>
            <Market market={o.market} />
            {showStore && (
              <span>
                <StoreCell offer={o} />
              </span>
            )}
          </p>
          <p className={styles.row}>
            <MenuAge lastUpdate={o.lastUpdate} nowMs={nowMs} />
            <WishlistButton item={wishOf(o)} compact />
          </p>
        </li>
      ))}
    </ul>
  )
}

/** OfferList shows offers as a table or cards. */
export function OfferList(props: ListProps) {
  return props.cardView ? <OfferCards {...props} /> : <OfferTable {...props} />
}

/** StoreSection is one store's offers under a heading linking to the store's own site. */
export function StoreSection({ group, nowMs, cardView }: { group: StoreGroup; nowMs: number; cardView: boolean }) {
  const headingId = useId()
  const { store } = group
  const site = store.website || store.markets.find((m) => m.menuUrl)?.menuUrl || null
  return (
    <section className={styles.store} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.storeHeading}>
        {site ? (
          <a href={site} rel="noopener noreferrer" target="_blank">
            {store.name}
            <span className="visually-hidden"> (the store's own site, opens in a new tab)</span>
          </a>
        ) : (
          store.name
        )}
        <span className={styles.sub}>
          {[store.address, store.city].filter(Boolean).join(', ')}
          {group.distance !== null && ` · ${store.coordinates === 'city' ? 'about ' : ''}${formatMiles(group.distance)} away`}
        </span>
      </h3>
      <p className={styles.sub}>
        {site ? 'Check the store’s own site for the latest menu before you go.' : 'This store has no website on record: call before you go.'}
      </p>
      <OfferList offers={group.offers} nowMs={nowMs} showStore={false} cardView={cardView} />
    </section>
  )
}
