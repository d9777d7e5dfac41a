import type { OfferRow } from '@/components/offers/offer-table'
import { toggleWish, wishlistStore, type WishItem } from '../lib/wishlist'
import styles from './shop.module.css'

/** Wish is what saving a product to the wishlist needs. */
export type Wish = Omit<WishItem, 'addedAt' | 'seen'>

/** WishlistButton saves a product to the wishlist or removes it (a toggle button). */
export function WishlistButton({ item, compact = false }: { item: Wish; compact?: boolean }) {
  const saved = wishlistStore.use().some((i) => i.code === item.code)
  const label = saved ? 'Saved to wishlist' : 'Save to wishlist'
  return (
    <button
      type="button"
      className={`button button--secondary ${compact ? styles.compactButton : ''}`}
      aria-pressed={saved}
      aria-label={compact ? `${label}: ${item.name}` : undefined}
      onClick={() => toggleWish(item)}
    >
      <span aria-hidden="true">{saved ? '★' : '☆'}</span>
      {compact ? null : ` ${label}`}
    </button>
  )
}

/** ShopRow is an offer with the product as the wishlist keeps it. */
export type ShopRow = OfferRow & { wish: Wish }

/** wishlistAction is the offer lists' last column: the wishlist's button for each offer. */
export const wishlistAction = { heading: 'Wishlist', cell: (row: ShopRow) => <WishlistButton item={row.wish} compact /> }
