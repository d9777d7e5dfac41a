import { toggleWish, wishlistStore, type WishItem } from '../../lib/wishlist'
import styles from './shop.module.css'

/** WishlistButton saves a product to the wishlist or removes it (a toggle button). */
export function WishlistButton({ item, compact = false }: { item: Omit<WishItem, 'addedAt' | 'seen'>; compact?: boolean }) {
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
