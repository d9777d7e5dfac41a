import type { Category } from '@/api/common-schemas'
import { pricePaid } from '@/lib/unit-price'
import type { Product } from '../api/shop-schemas'
import { createLocalStore } from '@/lib/local-store'
import { removeProduct } from './basket'

/** Seen is what the wishlist found for a product at the last visit. */
export type Seen = { at: string; stores: number; minPrice: number | null }

/** WishItem is a product saved to the wishlist, with what is needed to show it when it is gone. */
export type WishItem = {
  code: string
  name: string
  brand: string | null
  category: Category
  size: string
  grams: number | null
  mg: number | null
  thc: number | null
  addedAt: string
  /** seen is the state at the last visit of the wishlist, null before the first. */
  seen: Seen | null
}

/** stateOf is what the wishlist remembers of a product: how many menus have it and its lowest price paid. */
export function stateOf(product: Product | null): Omit<Seen, 'at'> {
  if (!product || product.offers.length === 0) return { stores: 0, minPrice: null }
  return { stores: product.offers.length, minPrice: Math.min(...product.offers.map((o) => pricePaid(o.price, o.salePrice))) }
}

/** Change is what changed for a saved product since the last visit. */
export type Change = 'back-in-stock' | 'price-drop' | 'price-rise' | 'gone' | null

/**
 * changeSince compares a product's state now (null: no longer listed
 * anywhere) with the last visit's. No last visit, no change to report.
 */
export function changeSince(seen: Seen | null, now: Omit<Seen, 'at'> | null): Change {
  if (!seen) return null
  const stores = now?.stores ?? 0
  if (seen.stores > 0 && stores === 0) return 'gone'
  if (seen.stores === 0 && stores > 0) return 'back-in-stock'
  if (seen.minPrice !== null && now?.minPrice != null) {
    if (now.minPrice < seen.minPrice) return 'price-drop'
    if (now.minPrice > seen.minPrice) return 'price-rise'
  }
  return null
}

const CATEGORIES: readonly string[] = ['Flower', 'Preroll', 'Vape', 'Extract', 'Edible', 'Other']
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const str = (v: unknown) => (typeof v === 'string' ? v : null)
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)

/** parseWishlist keeps the well-formed items of a stored wishlist (an edited or older one loses only its bad items). */
export function parseWishlist(stored: unknown): WishItem[] {
  if (!Array.isArray(stored)) return []
  const items: WishItem[] = []
  for (const raw of stored) {
    if (!isRecord(raw)) continue
    const code = str(raw.code)
    const name = str(raw.name)
    if (!code || !/^[a-z0-9-]+$/.test(code) || !name || items.some((i) => i.code === code)) continue
    const seen =
      isRecord(raw.seen) && str(raw.seen.at) && num(raw.seen.stores) !== null
        ? { at: str(raw.seen.at)!, stores: num(raw.seen.stores)!, minPrice: num(raw.seen.minPrice) }
        : null
    items.push({
      code,
      name,
      brand: str(raw.brand),
      category: (CATEGORIES.includes(str(raw.category) ?? '') ? raw.category : 'Other') as Category,
      size: str(raw.size) ?? '',
      grams: num(raw.grams),
      mg: num(raw.mg),
      thc: num(raw.thc),
      addedAt: str(raw.addedAt) ?? new Date(0).toISOString(),
      seen,
    })
  }
  return items
}

/** wishlistStore is the wishlist, kept in this browser's localStorage. */
export const wishlistStore = createLocalStore<WishItem[]>('omc-wishlist', parseWishlist, [])

/** toggleWish saves a product to the wishlist, or removes it when it is there. */
export function toggleWish(item: Omit<WishItem, 'addedAt' | 'seen'>, now: Date = new Date()) {
  // A product taken off the wishlist leaves the basket too: the basket plans and counts saved products.
  if (wishlistStore.get().some((i) => i.code === item.code)) removeProduct(item.code)
  wishlistStore.set((items) =>
    items.some((i) => i.code === item.code)
      ? items.filter((i) => i.code !== item.code)
      : [...items, { ...item, addedAt: now.toISOString(), seen: null }],
  )
  // The alerts' service worker cannot read localStorage: it finds the saved codes in IndexedDB
  // (alert-store.ts, loaded on the first save). Without IndexedDB there are no alerts to feed.
  const codes = wishlistStore.get().map((i) => i.code)
  void import('./alert-store').then((store) => store.saveAlertCodes(codes)).catch(() => undefined)
}

/** recordVisit stores what the wishlist shows now, the base of the next visit's changes. */
export function recordVisit(states: ReadonlyMap<string, Omit<Seen, 'at'> | null>, now: Date = new Date()) {
  wishlistStore.set((items) =>
    items.map((item) => {
      if (!states.has(item.code)) return item
      const state = states.get(item.code)
      return { ...item, seen: { at: now.toISOString(), stores: state?.stores ?? 0, minPrice: state?.minPrice ?? null } }
    }),
  )
}
