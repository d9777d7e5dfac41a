import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Product } from '../api/shop-schemas'
import { useProducts } from '../api/use-shop'
import { PageTitle } from '../components/page-title'
import { Market, MenuAge, PricePaid, ProductLink, SampleNotice, UnitPrice } from '../components/shop/offer-bits'
import styles from '../components/shop/shop.module.css'
import { WishlistButton } from '../components/shop/wishlist-button'
import { Spinner } from '../components/spinner'
import { paths } from '../config/paths'
import { formatCost } from '../lib/format'
import { getErrorMessage } from '../lib/get-error-message'
import { useHydrated } from '../lib/local-store'
import { pricePaid } from '../lib/unit-price'
import { useNow } from '../lib/use-now'
import { changeSince, recordVisit, wishlistStore, type Change, type Seen, type WishItem } from '../lib/wishlist'

const CHANGE_TEXT: Record<Exclude<Change, null>, string> = {
  'back-in-stock': 'Back in stock since your last visit',
  'price-drop': 'Cheaper than at your last visit',
  'price-rise': 'Dearer than at your last visit',
  gone: 'Gone from every menu since your last visit',
}

/** stateOf is what the wishlist remembers of a product: how many menus have it and its lowest price paid. */
export function stateOf(product: Product | null): Omit<Seen, 'at'> {
  if (!product || product.offers.length === 0) return { stores: 0, minPrice: null }
  return { stores: product.offers.length, minPrice: Math.min(...product.offers.map((o) => pricePaid(o.price, o.salePrice))) }
}

/** WishlistRoute (/dispensary-wishlist, /wishlist): saved products, where they are in stock now and what changed. */
export function WishlistRoute() {
  const hydrated = useHydrated()
  return (
    <>
      <PageTitle screen="Wishlist" />
      <h1>Wishlist</h1>
      <p className="lead">
        Products you saved, where they are in stock now and at what price, and what changed since your last visit. The list is kept in this browser
        only (it is not sent anywhere, and not tied to your account).
      </p>
      {hydrated ? <WishlistScreen /> : <Spinner label="Loading your wishlist" />}
    </>
  )
}

function WishlistScreen() {
  const items = wishlistStore.use()
  // The last visit's state, as it was when the page opened: the changes stay on screen after this visit is recorded.
  const [lastVisit] = useState(() => new Map(wishlistStore.get().map((i) => [i.code, i.seen])))
  const codes = items.map((i) => i.code)
  const products = useProducts(codes)
  const nowMs = useNow(60_000)
  const data = products.data
  useEffect(() => {
    if (!data || codes.length === 0 || data.length !== codes.length) return
    recordVisit(new Map(codes.map((code, i) => [code, stateOf(data[i] ?? null)])))
    // codes is derived from items; the visit is recorded once per loaded answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data])
  if (items.length === 0)
    return (
      <div className="empty-state">
        <p>Your wishlist is empty.</p>
        <p>
          Save products with the ☆ button on the <Link to={paths.menus.path}>menus</Link>, <Link to={paths.deals.path}>deals</Link> or a product's
          page.
        </p>
      </div>
    )
  if (products.error && !data)
    return (
      <p className="notice notice--error" role="alert">
        Your wishlist's products could not be loaded: {getErrorMessage(products.error)}
      </p>
    )
  if (!data || data.length !== codes.length) return <Spinner label="Loading your wishlist" />
  return (
    <>
      <SampleNotice sample={data.some((p) => p?.sample)} />
      <ul className={styles.cards}>
        {items.map((item, i) => (
          <WishCard key={item.code} item={item} product={data[i] ?? null} lastSeen={lastVisit.get(item.code) ?? null} nowMs={nowMs} />
        ))}
      </ul>
    </>
  )
}

function WishCard({ item, product, lastSeen, nowMs }: { item: WishItem; product: Product | null; lastSeen: Seen | null; nowMs: number }) {
  const now = stateOf(product)
  const change = changeSince(lastSeen, product ? now : null)
  const cheapest = product?.offers.slice(0, 3) ?? []
  return (
    <li className={`card ${styles.offerCard}`}>
      <p>
        <ProductLink code={item.code} name={item.name} />
        <span className={styles.sub}>{[item.brand, item.category, item.size].filter(Boolean).join(' · ')}</span>
      </p>
      {change && (
        <p className={styles.change} role="status">
          {CHANGE_TEXT[change]}
          {change === 'price-drop' || change === 'price-rise' ? `: ${formatCost(lastSeen!.minPrice!)} → ${formatCost(now.minPrice!)}` : ''}.
        </p>
      )}
      {!product ? (
        <p>No longer listed on any Ohio menu we read.</p>
      ) : product.offers.length === 0 ? (
        <p>Out of stock on every recent menu.</p>
      ) : (
        <>
          <p>
            In stock at {product.offers.length} {product.offers.length === 1 ? 'menu' : 'menus'}, from {formatCost(now.minPrice!)}.
          </p>
          <ul className={styles.cards} aria-label={`Cheapest for ${item.name}`}>
            {cheapest.map((o) => (
              <li key={`${o.slug}|${o.market}`} className={styles.row}>
                <span>
                  {o.storeName}, {o.city}
                </span>
                <Market market={o.market} />
                <PricePaid price={o.price} salePrice={o.salePrice} />
                <UnitPrice unitPrice={o.unitPrice} unit={o.unit} />
                <MenuAge lastUpdate={o.lastUpdate} nowMs={nowMs} />
              </li>
            ))}
          </ul>
        </>
      )}
      <p className={styles.row}>
        <WishlistButton item={item} />
        <Link to={`${paths.limits.path}?add=${encodeURIComponent(item.code)}`}>Count it against my limits</Link>
      </p>
    </li>
  )
}
