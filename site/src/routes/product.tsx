import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { HttpError } from '../api/errors'
import { CATEGORIES, type Product } from '../api/shop-schemas'
import { useProduct } from '../api/use-shop'
import { PageTitle } from '../components/page-title'
import { Market, MenuAge, PricePaid, SampleNotice, Thc, UnitPrice } from '../components/shop/offer-bits'
import { PriceHistoryChart } from '../components/shop/price-history-chart'
import styles from '../components/shop/shop.module.css'
import { WishlistButton } from '../components/shop/wishlist-button'
import { SnapshotView } from '../components/snapshot-view'
import { Spinner } from '../components/spinner'
import { paths } from '../config/paths'
import { formatLocaleDate } from '../lib/format'
import { distanceMiles, formatMiles } from '../lib/geo'
import { lastPointStore } from '../lib/last-point'
import { useHydrated } from '../lib/local-store'
import { DEFAULT_FILTERS, DEFAULT_SEARCH_STATE, writeMenuSearch } from '../lib/search-state'
import { useNow } from '../lib/use-now'
import { wishlistStore } from '../lib/wishlist'

/** nameFromCode guesses a product's name from its code for a search: the words, without the size. */
export function nameFromCode(code: string): string {
  return code
    .split('-')
    .filter((word) => !/^\d/.test(word) && !/^(g|mg|oz)$/.test(word))
    .join(' ')
}

/** ProductRoute (/product/:code): one product across Ohio, its price history and where it is in stock. */
export function ProductRoute() {
  const { code = '' } = useParams()
  const hydrated = useHydrated()
  return hydrated ? <ProductScreen code={code} /> : <Spinner label="Loading the product" />
}

function ProductScreen({ code }: { code: string }) {
  const response = useProduct(code)
  if (response.error instanceof HttpError && response.error.status === 404) return <NoLongerListed code={code} />
  return (
    <SnapshotView response={response} what="product">
      {(product) => <ProductDetails product={product} />}
    </SnapshotView>
  )
}

function ProductDetails({ product }: { product: Product }) {
  const nowMs = useNow(60_000)
  const point = lastPointStore.use()
  const wish = {
    code: product.code,
    name: product.name,
    brand: product.brand,
    category: product.category,
    size: product.size,
    grams: product.grams,
    mg: product.mg,
    thc: product.offers[0]?.thc ?? null,
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
          {product.strain ? (
            product.strainSlug ? (
              <Link to={`${paths.strainGenetics.path}/${product.strainSlug}`}>{product.strain}</Link>
            ) : (
              product.strain
            )
          ) : (
            'not given'
          )}
        </dd>
        <dt>First seen in Ohio</dt>
        <dd>{product.firstSeen ? formatLocaleDate(Date.parse(product.firstSeen)) : 'unknown'}</dd>
        {product.terpenes && product.terpenes.length > 0 && (
          <>
            <dt>Terpenes</dt>
            <dd>{product.terpenes.join(', ')}</dd>
          </>
        )}
      </dl>
      <WishlistButton item={wish} />
      <section aria-labelledby="stores-heading">
        <h2 id="stores-heading">
          In stock at {product.offers.length} {product.offers.length === 1 ? 'menu' : 'menus'}, cheapest first
        </h2>
        {product.offers.length === 0 ? (
          <p className="empty-state">No recent menu has it in stock right now. Save it to your wishlist to see when it is back.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} offer-rows`}>
              <thead>
                <tr>
                  <th scope="col">Store</th>
                  <th scope="col">Market</th>
                  <th scope="col">Price</th>
                  <th scope="col">Unit price</th>
                  <th scope="col">THC</th>
                  <th scope="col">Menu</th>
                </tr>
              </thead>
              <tbody>
                {product.offers.map((o) => (
                  <tr key={`${o.slug}|${o.market}`}>
                    <td>
                      {o.storeName}
                      <span className={styles.sub}>
                        {o.city}
                        {point &&
                          o.lat != null &&
                          o.lng != null &&
                          `, ≈${formatMiles(distanceMiles(point, { latitude: o.lat, longitude: o.lng }))} from ${point.place || 'your last search'}`}
                      </span>
                    </td>
                    <td>
                      <Market market={o.market} />
                    </td>
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
                      <MenuAge lastUpdate={o.lastUpdate} nowMs={nowMs} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">Price history</h2>
        <PriceHistoryChart history={product.history} />
      </section>
    </>
  )
}

function NoLongerListed({ code }: { code: string }) {
  const saved = wishlistStore.use().find((i) => i.code === code)
  const [text, setText] = useState(saved?.name ?? nameFromCode(code))
  const [type, setType] = useState<string>(saved?.category ?? 'Flower')
  const navigate = useNavigate()
  const search = (event: React.FormEvent) => {
    event.preventDefault()
    const query = writeMenuSearch({
      search: { ...DEFAULT_SEARCH_STATE, productType: type },
      filters: { ...DEFAULT_FILTERS, searchText: text },
      page: 1,
    })
    void navigate(`${paths.menus.path}?${query.toString()}`)
  }
  return (
    <>
      <PageTitle screen="Product no longer listed" />
      <h1>This product is no longer listed</h1>
      <p>
        No Ohio menu we read lists <strong>{saved?.name ?? code}</strong> any more: it may be sold out everywhere, renamed, or the link may be
        mistyped. Search the menus for something like it:
      </p>
      <form className={styles.form} aria-label="Search the menus" onSubmit={search}>
        <label className={styles.field}>
          Brand, product or strain
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <label className={styles.field}>
          Product type
          <select value={type} onChange={(e) => setType(e.target.value)}>
            {CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <div>
          <button type="submit" className="button">
            Search the menus
          </button>
        </div>
      </form>
    </>
  )
}
