import { Link, useSearchParams } from 'react-router-dom'
import { LocalTime } from '@/components/local-time'
import { OfferTable, type OfferColumn, type OfferRow } from '@/components/offers/offer-table'
import { SampleNotice } from '@/components/sample-notice'
import { PageTitle } from '@/components/page-title'
import { ReportProblem } from '@/components/report-problem'
import { SelectField } from '@/components/select-field'
import { storeMenuHref, strainHref, terpeneHref } from '@/config/paths'
import { MARKET_LABEL } from '@/lib/unit-price'
import { distanceMiles } from '@/lib/geo'
import { useNow } from '@/lib/use-now'
import type { Product, SearchStores } from '@/features/offers/api/shop-schemas'
import { useSearchStores } from '@/features/offers/api/use-shop'
import { taxRateAt, useStoreTaxRates, type StoreTaxRates } from '@/features/offers/api/use-store-tax-rates'
import { useTerpeneNames } from '../api/use-terpene-names'
import { lastPointStore, type LastPoint } from '@/features/offers/lib/last-point'
import { potencyOf } from '@/features/offers/lib/potency'
import { readProductView, storesInView, type ProductView } from '../lib/product-view'
import { previousSearchStore } from '@/features/offers/lib/search-state'
import { PriceHistoryChart } from './price-history-chart'
import styles from '@/features/offers/components/shop.module.css'
import { WishlistButton } from '@/features/offers/components/wishlist-button'

const COLUMNS: OfferColumn[] = ['store', 'market', 'price', 'unitPrice', 'thc', 'menu', 'open']
/** A listing of the past says nothing of whether the store is open now. */
const PAST_COLUMNS = COLUMNS.filter((c) => c !== 'open')

/**
 * rowsOf are a product's offers (or its last listings), with each store's distance from the
 * shopper's point (ProductView), its hours and its county's sales tax rate (api/search/stores)
 * and a link to its page.
 */
function rowsOf(
  product: Product,
  offers: Product['offers'],
  point: LastPoint | null,
  stores: SearchStores | undefined,
  taxRates: StoreTaxRates,
): OfferRow[] {
  const hours = new Map(stores?.stores.map((s) => [s.slug, s.openingHours ?? null]))
  // A store may list the product twice on one market: the offer's place in the file tells them apart.
  return offers.map((o, i) => ({
    ...o,
    ...potencyOf({ category: product.category, mg: product.mg, thc: o.thc, potencyUnit: o.potencyUnit, cbd: null, thcLow: o.thcLow }),
    key: `${o.slug}|${o.market}#${i}`,
    code: product.code,
    name: product.name,
    detail: '',
    size: product.size,
    openingHours: stores ? (hours.get(o.slug) ?? null) : undefined,
    salesTaxPercent: taxRateAt(taxRates, o.slug),
    store: {
      slug: o.slug,
      href: storeMenuHref(o.slug),
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
  const [params, setParams] = useSearchParams()
  const view = readProductView(params, lastPointStore.use(), previousSearchStore.use()?.menuType ?? null)
  const { point } = view
  const terpeneNames = useTerpeneNames()
  // The stores' hours: api/search/stores, which the Menus search shares (one download for both).
  const { data: stores } = useSearchStores()
  const { code, name, brand, category, size, grams, mg } = product
  const wish = { code, name, brand, category, size, grams, mg, thc: product.offers[0]?.thc ?? null }
  const count = product.offers.length
  const taxRates = useStoreTaxRates()
  const rows = storesInView(rowsOf(product, product.offers, point, stores, taxRates), view)
  const change = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    next.set(key, value)
    // The place the page shows is kept in its URL too, so the link shows the same.
    if (point && !next.has('lat')) {
      next.set('lat', point.latitude.toFixed(4))
      next.set('lng', point.longitude.toFixed(4))
      if (point.place) next.set('near', point.place)
    }
    setParams(next, { replace: true })
  }
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
        <dd>{product.firstSeen ? <LocalTime ms={Date.parse(product.firstSeen)} /> : 'unknown'}</dd>
        {product.terpenes.length > 0 && (
          <>
            <dt>Terpenes</dt>
            <dd>
              {product.terpenes.map((slug, i) => (
                <span key={slug}>
                  {i > 0 && ', '}
                  <Link to={terpeneHref(slug)}>{terpeneNames.get(slug) ?? readableSlug(slug)}</Link>
                </span>
              ))}
            </dd>
          </>
        )}
      </dl>
      <WishlistButton item={wish} />
      <ReportProblem
        title={`${product.name} (${product.size})`}
        report={{
          product: `${[product.name, product.brand, product.size].filter(Boolean).join(', ')} (${product.code})`,
          market: view.market ? MARKET_LABEL[view.market] : undefined,
          snapshot: product.generatedAt,
        }}
      />
      {product.listedNow ? (
        <section aria-labelledby="stores-heading">
          <h2 id="stores-heading">
            In stock at {count} {count === 1 ? 'menu' : 'menus'}, {view.sort === 'distance' ? 'nearest' : 'cheapest'} first
          </h2>
          {count === 0 ? (
            <p className="empty-state">No recent menu has it in stock right now. Save it to your wishlist to see when it is back.</p>
          ) : (
            <>
              <StoreControls view={view} change={change} />
              {rows.length === 0 ? (
                <p className="empty-state">
                  None of its {count} menus is {view.market === 'medical' ? 'a medical' : 'an adult-use'} menu: choose both markets to see them.
                </p>
              ) : (
                <OfferTable
                  rows={rows}
                  columns={COLUMNS}
                  nowMs={nowMs}
                  caption={`${rows.length} of ${count} menus${view.market ? ` (${MARKET_LABEL[view.market].toLowerCase()})` : ''}`}
                  marksFirst
                />
              )}
            </>
          )}
        </section>
      ) : (
        <section aria-labelledby="stores-heading">
          <h2 id="stores-heading">No menu lists it now</h2>
          <p className="empty-state">
            No menu has listed it since {product.lastListed ? <LocalTime ms={Date.parse(product.lastListed)} /> : 'before our records begin'}. Save it
            to your wishlist to see if it comes back.
          </p>
          {product.lastOffers.length > 0 && <p>Past prices, as each store’s menu last listed it (not offered now):</p>}
          {product.lastOffers.length > 0 && (
            <OfferTable
              rows={storesInView(rowsOf(product, product.lastOffers, point, undefined, undefined), { market: '', sort: 'price' })}
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

/** readableSlug shows a terpene's slug as words until the names are loaded ("beta-caryophyllene" → "Beta caryophyllene"). */
const readableSlug = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' ')

/** StoreControls choose a product's stores' market and order, and say where distances are from. */
function StoreControls({ view, change }: { view: ProductView; change: (key: string, value: string) => void }) {
  return (
    <form className={styles.form} aria-label="Stores shown" onSubmit={(e) => e.preventDefault()}>
      <SelectField
        className={styles.field}
        label="Market"
        value={view.market}
        choices={[
          ['', 'Medical and adult use'],
          ['medical', MARKET_LABEL.medical],
          ['recreational', MARKET_LABEL.recreational],
        ]}
        onChange={(market) => change('market', market || 'both')}
      />
      <SelectField
        className={styles.field}
        label="Sort by"
        value={view.sort}
        choices={[['price', 'Price paid, cheapest first'], ...(view.point ? [['distance', 'Distance, nearest first'] as const] : [])]}
        onChange={(sort) => change('sort', sort)}
      />
      <p className={`${styles.summary} ${styles.wide}`}>
        {view.point
          ? `Distances are straight lines from ${view.point.place || 'the point of your last search'}.`
          : 'Search Menus by distance (a ZIP code, a city or your location) to see how far each store is.'}
      </p>
    </form>
  )
}
