import type { Market } from '@/api/common-schemas'
import type { LastPoint } from '@/features/offers/lib/last-point'
import type { MenuType } from '@/features/offers/lib/search-state'

// A product page keeps the place and market of the search the shopper came from: from its own
// URL (?near=&lat=&lng=&market=&sort=, so a shared link shows what its sender saw), else from the
// browser's memory of the last search (the last distance search's point, the last markets).

/** ProductSort orders a product's stores: cheapest first, or nearest first (with a point). */
export type ProductSort = 'price' | 'distance'

/** ProductView is how a product page shows its stores. */
export type ProductView = {
  /** point is where distances are measured from, null without one. */
  point: LastPoint | null
  /** market keeps one market's offers, '' both. */
  market: Market | ''
  sort: ProductSort
}

const coordinate = (value: string | null, limit: number) => {
  if (value === null || value.trim() === '') return null
  const n = Number(value)
  return Number.isFinite(n) && Math.abs(n) <= limit && n !== 0 ? n : null
}

/** readProductView reads a product page's URL, falling back to the last search remembered in this browser. */
export function readProductView(params: URLSearchParams, lastPoint: LastPoint | null, lastMarkets: MenuType | null): ProductView {
  const latitude = coordinate(params.get('lat'), 90)
  const longitude = coordinate(params.get('lng'), 180)
  const point =
    latitude !== null && longitude !== null
      ? { latitude, longitude, place: (params.get('near') ?? '').slice(0, 80) || 'the chosen point' }
      : lastPoint
  const asked = params.get('market')
  const market: ProductView['market'] =
    asked === 'medical' || asked === 'recreational'
      ? asked
      : asked === 'both'
        ? ''
        : lastMarkets === 'medical' || lastMarkets === 'recreational'
          ? lastMarkets
          : ''
  const sort: ProductSort = params.get('sort') === 'distance' && point ? 'distance' : 'price'
  return { point, market, sort }
}

/** Placed is what sortStores needs of a store's offer. */
type Placed = { market: Market; price: number; salePrice: number | null; store: { name: string; distance: number | null } }

const paid = (o: Placed) => (o.salePrice !== null && o.salePrice < o.price ? o.salePrice : o.price)

/**
 * storesInView keeps the market asked for and orders the offers: cheapest first (the nearer
 * store first at one price), or nearest first (the cheaper first at one distance); a store with
 * no distance goes last.
 */
export function storesInView<T extends Placed>(offers: readonly T[], { market, sort }: Pick<ProductView, 'market' | 'sort'>): T[] {
  const far = (o: T) => o.store.distance ?? Infinity
  return offers
    .filter((o) => !market || o.market === market)
    .sort((a, b) =>
      sort === 'distance'
        ? far(a) - far(b) || paid(a) - paid(b) || a.store.name.localeCompare(b.store.name)
        : paid(a) - paid(b) || far(a) - far(b) || a.store.name.localeCompare(b.store.name),
    )
}
