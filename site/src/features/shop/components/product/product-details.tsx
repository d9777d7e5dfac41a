import { Link } from 'react-router-dom'
import { OfferTable, type OfferColumn, type OfferRow } from '../../../../components/offers/offer-table'
import { SampleNotice } from '../../../../components/sample-notice'
import { PageTitle } from '../../../../components/page-title'
import { strainHref } from '../../../../config/paths'
import { formatLocaleDate } from '../../../../lib/format'
import { distanceMiles } from '../../../../lib/geo'
import { useNow } from '../../../../lib/use-now'
import type { Product, SearchStores } from '../../api/shop-schemas'
import { useSearchStores } from '../../api/use-shop'
import { lastPointStore, type LastPoint } from '../../lib/last-point'
import { PriceHistoryChart } from '../price-history-chart'
import styles from '../shop.module.css'
import { WishlistButton } from '../wishlist-button'

const COLUMNS: OfferColumn[] = ['store', 'market', 'price', 'unitPrice', 'thc', 'menu', 'open']
/** A listing of the past says nothing of whether the store is open now. */
const PAST_COLUMNS = COLUMNS.filter((c) => c !== 'open')

/**
 * rowsOf are a product's offers (or its last listings), with each store's distance from the last
 * distance search's point, its hours and its county's sales tax rate (api/search/stores).
 */
function rowsOf(product: Product, offers: Product['offers'], point: LastPoint | null, stores: SearchStores | undefined): OfferRow[] {
  const hours = new Map(stores?.stores.map((s) => [s.slug, s.openingHours ?? null]))
  const taxRates = new Map(stores?.stores.map((s) => [s.slug, s.salesTaxPercent ?? null]))
  return offers.map((o) => ({
    ...o,
    key: `${o.slug}|${o.market}`,
    code: product.code,
    name: product.name,
    detail: '',
    size: product.size,
    openingHours: stores ? (hours.get(o.slug) ?? null) : undefined,
    salesTaxPercent: stores ? (taxRates.get(o.slug) ?? null) : undefined,
    store: {
      slug: o.slug,
      name: o.storeName,
      city: o.city,
      distance: point ? distanceMiles(point, { latitude: o.lat, longitude: o.lng }) : null,
      about: true,
      from: point?.place || 'your last search',
    },
  }))
}

/** ProductDetails is a product's page: what it is, every store with it (cheapest first) and its price history. */
export function ProductDetails({ product }: { product: Product }) {
  const nowMs = useNow(60_000)
  const point = lastPointStore.use()
  // The stores' hours: api/search/stores, which the Menus search shares (one download for both).
  const { data: stores } = useSearchStores()
  const { code, name, brand, category, size, grams, mg } = product
  const wish = { code, name, brand, category, size, grams, mg, thc: product.offers[0]?.thc ?? null }
  const count = product.offers.length
  return (
    <>
      <PageTitle screen={product.name} />
      <h1>{product.name}</h1>
      <SampleNotice sample={product.sample} />
      <dl className={styles.facts}>
        <dt>Brand</dt>
        <dd>{product.brand ?? 'not given'}</dd>
        <dt>Product type</dt>
        <dd>{product.category}</dd>
        <dt>Size</dt>
        <dd>{product.size}</dd>
        <dt>Strain</dt>
        <dd>
          {product.strain ? product.strainSlug ? <Link to={strainHref(product.strainSlug)}>{product.strain}</Link> : product.strain : 'not given'}
        </dd>
        <dt>First seen in Ohio</dt>
        <dd>{product.firstSeen ? formatLocaleDate(Date.parse(product.firstSeen)) : 'unknown'}</dd>
        {product.terpenes.length > 0 && (
          <>
            <dt>Terpenes</dt>
            <dd>{product.terpenes.join(', ')}</dd>
          </>
        )}
      </dl>
      <WishlistButton item={wish} />
      {product.listedNow ? (
        <section aria-labelledby="stores-heading">
          <h2 id="stores-heading">
            In stock at {count} {count === 1 ? 'menu' : 'menus'}, cheapest first
          </h2>
          {count === 0 ? (
            <p className="empty-state">No recent menu has it in stock right now. Save it to your wishlist to see when it is back.</p>
          ) : (
            <OfferTable rows={rowsOf(product, product.offers, point, stores)} columns={COLUMNS} nowMs={nowMs} />
          )}
        </section>
      ) : (
        <section aria-labelledby="stores-heading">
          <h2 id="stores-heading">No menu lists it now</h2>
          <p className="empty-state">
            No menu has listed it since {product.lastListed ? formatLocaleDate(Date.parse(product.lastListed)) : 'before our records begin'}. Save it
            to your wishlist to see if it comes back.
          </p>
          {product.lastOffers.length > 0 && <p>Past prices, as each store’s menu last listed it (not offered now):</p>}
          {product.lastOffers.length > 0 && (
            <OfferTable
              rows={rowsOf(product, product.lastOffers, point, undefined)}
              columns={PAST_COLUMNS}
              nowMs={nowMs}
              caption="Past prices: what each store last asked, when its menu last listed it"
            />
          )}
        </section>
      )}
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">Price history</h2>
        <PriceHistoryChart history={product.history} />
      </section>
    </>
  )
}
