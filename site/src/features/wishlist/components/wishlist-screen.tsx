import { lazy, Suspense, useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { SampleNotice } from '@/components/sample-notice'
import { SnapshotView } from '@/components/snapshot-view'
import { routes } from '@/config/routes'
import { useNow } from '@/lib/use-now'
import { useProducts } from '@/features/offers/api/use-shop'
import { recordVisit, stateOf, wishlistStore } from '@/features/offers/lib/wishlist'
import { BasketPlanner } from './basket-planner'
import { WishCard } from './wish-card'
import offers from '@/components/offers/offers.module.css'

// The alerts' panel and what it needs (IndexedDB, the permissions) load with the Wishlist's data, not before.
const AlertsPanel = lazy(() => import('./alerts-panel').then((m) => ({ default: m.AlertsPanel })))

/** WishlistScreen shows the saved products as they are now, and records this visit for the next. */
export function WishlistScreen() {
  const items = wishlistStore.use()
  // The last visit's state, as it was when the page opened: the changes stay on screen after this visit is recorded.
  const [lastVisit] = useState(() => new Map(wishlistStore.get().map((i) => [i.code, i.seen])))
  const codes = items.map((i) => i.code)
  const products = useProducts(codes)
  const nowMs = useNow(60_000)
  // An answer for an earlier list (before a product was removed) is not this list's.
  const data = products.data && products.data.length === codes.length ? products.data : undefined
  useEffect(() => {
    if (!data || codes.length === 0) return
    recordVisit(new Map(codes.map((code, i) => [code, stateOf(data[i] ?? null)])))
    // codes is derived from items; the visit is recorded once per loaded answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data])
  if (items.length === 0)
    return (
      <div className="empty-state">
        <p>Your wishlist is empty.</p>
        <p>
          Save products with the ☆ button on the <Link to={routes.menus.path}>menus</Link>, <Link to={routes.deals.path}>deals</Link> or a product's
          page.
        </p>
      </div>
    )
  return (
    <SnapshotView response={{ ...products, data }} what="wishlist's products" loading="Loading your wishlist">
      {(products) => (
        <>
          <SampleNotice sample={products.some((p) => p?.sample)} />
          <Suspense fallback={null}>
            <AlertsPanel codes={codes} />
          </Suspense>
          <BasketPlanner items={items} products={products} nowMs={nowMs} />
          <ul className={offers.cards}>
            {items.map((item, i) => (
              <WishCard key={item.code} item={item} product={products[i] ?? null} lastSeen={lastVisit.get(item.code) ?? null} nowMs={nowMs} />
            ))}
          </ul>
        </>
      )}
    </SnapshotView>
  )
}
