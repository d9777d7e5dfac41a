import { useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { REGIONS, type ShopDeal } from '../api/shop-schemas'
import { useDealsIndex, useRegionDeals } from '../api/use-shop'
import { PageTitle } from '../components/page-title'
import { Market, MenuAge, PricePaid, ProductLink, SampleNotice, Thc, UnitPrice } from '../components/shop/offer-bits'
import styles from '../components/shop/shop.module.css'
import { WishlistButton } from '../components/shop/wishlist-button'
import { SnapshotView } from '../components/snapshot-view'
import { Spinner } from '../components/spinner'
import { distanceMiles, formatMiles } from '../lib/geo'
import { getErrorMessage } from '../lib/get-error-message'
import { lastPointStore } from '../lib/last-point'
import { useHydrated } from '../lib/local-store'
import { OHIO_CITIES, SIMPLEMAPS_CREDIT } from '../lib/ohio-cities'
import { useNow } from '../lib/use-now'

const DEAL_CATEGORIES = ['Flower', 'Preroll', 'Vape', 'Extract', 'Edible', 'Other'] as const
const DISTANCES = [10, 25, 50, 100]

/** DealsRoute (/dispensary-deals, /deals): everything on sale now, by region or distance, category and market. */
export function DealsRoute() {
  const hydrated = useHydrated()
  return (
    <>
      <PageTitle screen="Deals" />
      <h1>Dispensary Deals</h1>
      <p className="lead">
        Everything on sale now on the menus we read that are less than 36 hours old, with the price per gram (or per 100 mg THC for edibles). Always
        check the dispensary's own site before you go.
      </p>
      {hydrated ? <DealsScreen /> : <Spinner label="Loading deals" />}
    </>
  )
}

function DealsScreen() {
  const [params, setParams] = useSearchParams()
  const index = useDealsIndex()
  const region = (REGIONS as readonly string[]).includes(params.get('region') ?? '') ? params.get('region')! : ''
  const near = OHIO_CITIES.find((c) => c.city === params.get('near'))
  const lastPoint = lastPointStore.use()
  const within = Number(params.get('within')) || 25
  const category = (DEAL_CATEGORIES as readonly string[]).includes(params.get('type') ?? '') ? params.get('type')! : ''
  const market = params.get('market') === 'medical' || params.get('market') === 'recreational' ? params.get('market')! : ''
  const sort = params.get('sort') === 'unitPrice' ? 'unitPrice' : 'discount'
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    setParams(next)
  }
  return (
    <>
      <form className={styles.form} aria-label="Deals filters" onSubmit={(e) => e.preventDefault()}>
        <label className={styles.field}>
          Region
          <select value={near ? '' : region} disabled={Boolean(near)} onChange={(e) => set('region', e.target.value)}>
            <option value="">All of Ohio</option>
            {REGIONS.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Near
          <select value={near?.city ?? ''} onChange={(e) => set('near', e.target.value)}>
            <option value="">Anywhere</option>
            {OHIO_CITIES.map((c) => (
              <option key={c.city}>{c.city}</option>
            ))}
          </select>
        </label>
        {near && (
          <label className={styles.field}>
            Within
            <select value={within} onChange={(e) => set('within', e.target.value)}>
              {DISTANCES.map((d) => (
                <option key={d} value={d}>
                  {d} miles
                </option>
              ))}
            </select>
          </label>
        )}
        <label className={styles.field}>
          Product type
          <select value={category} onChange={(e) => set('type', e.target.value)}>
            <option value="">All</option>
            {DEAL_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Market
          <select value={market} onChange={(e) => set('market', e.target.value)}>
            <option value="">Medical and adult use</option>
            <option value="medical">Medical</option>
            <option value="recreational">Adult use</option>
          </select>
        </label>
        <label className={styles.field}>
          Sort by
          <select value={sort} onChange={(e) => set('sort', e.target.value === 'unitPrice' ? 'unitPrice' : '')}>
            <option value="discount">Largest discount</option>
            <option value="unitPrice">Lowest unit price</option>
          </select>
        </label>
        {near && (
          <p className={`${styles.credit} ${styles.wide}`}>
            Straight-line distances from the city centre. <a href={SIMPLEMAPS_CREDIT.url}>{SIMPLEMAPS_CREDIT.text}</a>.
          </p>
        )}
      </form>
      <SnapshotView response={index} what="deals">
        {(data) => {
          const files = data.regions
            .filter((r) => r.count > 0 && (near || !region || r.region === region))
            .map((r) => r.path.replace(/^\/?api\//, ''))
          const point = near ? { latitude: near.lat, longitude: near.lng } : lastPoint
          return (
            <>
              <SampleNotice sample={data.sample} />
              <DealList files={files} point={point} within={near ? within : null} category={category} market={market} sort={sort} />
            </>
          )
        }}
      </SnapshotView>
    </>
  )
}

type Located = ShopDeal & { distance: number | null }

function DealList(props: {
  files: string[]
  point: { latitude: number; longitude: number } | null
  within: number | null
  category: string
  market: string
  sort: 'discount' | 'unitPrice'
}) {
  const { files, point, within, category, market, sort } = props
  const lists = useRegionDeals(files)
  const nowMs = useNow(60_000)
  const deals = useMemo(() => {
    if (!lists.data) return null
    const all: Located[] = lists.data.flatMap((l) =>
      l.deals.map((d) => ({
        ...d,
        distance: point && d.lat != null && d.lng != null ? distanceMiles(point, { latitude: d.lat, longitude: d.lng }) : null,
      })),
    )
    return all
      .filter(
        (d) =>
          (!category || d.category === category) &&
          (!market || d.market === market) &&
          (within === null || (d.distance !== null && d.distance <= within)),
      )
      .sort((a, b) =>
        // Ties as publish breaks them: the lower sale price, then the store's name.
        sort === 'discount'
          ? b.discount - a.discount || a.salePrice - b.salePrice || a.storeName.localeCompare(b.storeName)
          : (a.unitPrice ?? Infinity) - (b.unitPrice ?? Infinity) || b.discount - a.discount || a.storeName.localeCompare(b.storeName),
      )
  }, [lists.data, point, within, category, market, sort])
  if (lists.error && !lists.data)
    return (
      <p className="notice notice--error" role="alert">
        The deals could not be loaded: {getErrorMessage(lists.error)}
      </p>
    )
  if (!deals) return <Spinner label="Loading deals" />
  if (deals.length === 0)
    return (
      <div className="empty-state">
        <p>
          No deal matches: nothing on sale {within !== null ? `within ${within} miles` : 'here'}
          {category ? ` in ${category}` : ''}
          {market ? ` on ${market === 'medical' ? 'medical' : 'adult-use'} menus` : ''}.
        </p>
        <p>Try all of Ohio, a larger distance, every product type or both markets.</p>
      </div>
    )
  return (
    <section aria-labelledby="deals-heading">
      <h2 id="deals-heading">{deals.length} deals</h2>
      <div className={styles.tableWrap}>
        <table className={`${styles.table} offer-rows`}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Size</th>
              <th scope="col">Price</th>
              <th scope="col">Off</th>
              <th scope="col">Unit price</th>
              <th scope="col">THC</th>
              <th scope="col">Market</th>
              <th scope="col">Store</th>
              <th scope="col">Menu</th>
              <th scope="col">
                <span className="visually-hidden">Wishlist</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deals.slice(0, 200).map((d) => (
              <tr key={`${d.slug}|${d.market}|${d.code}|${d.size}`}>
                <td>
                  <ProductLink code={d.code} name={d.name} />
                  <span className={styles.sub}>{[d.brand, d.category].filter(Boolean).join(' · ')}</span>
                </td>
                <td>{d.size}</td>
                <td>
                  <PricePaid price={d.price} salePrice={d.salePrice} />
                </td>
                <td>{Math.round(d.discount * 100)}% off</td>
                <td>
                  <UnitPrice unitPrice={d.unitPrice} unit={d.unit} />
                </td>
                <td>
                  <Thc thc={d.thc} />
                </td>
                <td>
                  <Market market={d.market} />
                </td>
                <td>
                  {d.storeName}
                  <span className={styles.sub}>
                    {d.city}
                    {d.distance !== null && `, ≈${formatMiles(d.distance)}`}
                  </span>
                </td>
                <td>
                  <MenuAge lastUpdate={d.lastUpdate} nowMs={nowMs} />
                </td>
                <td>
                  <WishlistButton
                    compact
                    item={{ code: d.code, name: d.name, brand: d.brand, category: d.category, size: d.size, grams: d.grams, mg: d.mg, thc: d.thc }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {deals.length > 200 && <p className={styles.summary}>The 200 best are shown; narrow the search to see others.</p>}
    </section>
  )
}
