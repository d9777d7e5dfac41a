import { CATEGORIES, type Category } from '../../../api/common-schemas'
import { parseUpdateTime } from '../../../lib/freshness'
import { isOnSale, pricePaid, type Unit } from '../../../lib/unit-price'
import type { Menu } from '../api/shop-schemas'
import { sizeBucket, type FacetOffer } from './facets'
import { readFilters, writeFilters, type ShopFilters, type SortKey } from './search-state'
import { tokenize } from './text-match'
import { thcValuePer100mg } from './thc-value'

/** StoreOffer is one offer of a store's page (api/menus/<slug>), with what its filters and sorts read. */
export type StoreOffer = FacetOffer & {
  key: string
  code: string
  name: string
  strain: string
  market: 'medical' | 'recreational'
  size: string
  grams: number | null
  mg: number | null
  price: number
  unitPrice: number | null
  unit: Unit | null
  inStock: boolean
  orderUrl: string | null
  lastUpdate: string | null
  lastUpdateMs: number | null
  words: readonly string[]
}

/** storeOffersOf lists a store's offers, every market's, each with its category's last update on that market's menu. */
export function storeOffersOf(menu: Menu): StoreOffer[] {
  const out: StoreOffer[] = []
  for (const m of menu.markets) {
    for (const o of m.offers) {
      const lastUpdate = m.categories[o.category]?.lastUpdate ?? null
      const paid = pricePaid(o.price, o.salePrice)
      out.push({
        key: `${m.market}|${o.code}|${o.size}`,
        code: o.code,
        name: o.name,
        brand: o.brand || null,
        strain: o.strain,
        strainType: o.strainType ?? null,
        terpenes: o.terpenes ?? [],
        category: o.category,
        market: m.market,
        size: o.size,
        sizeKey: sizeBucket(o.category, o.grams, o.mg),
        grams: o.grams,
        mg: o.mg,
        price: o.price,
        salePrice: isOnSale(o.price, o.salePrice) ? o.salePrice : null,
        paid,
        unitPrice: o.unitPrice,
        unit: o.unit as Unit | null,
        thc: o.thc,
        cbd: o.cbd,
        potencyUnit: o.potencyUnit,
        isNew: o.isNew,
        inStock: o.inStock,
        orderUrl: o.orderUrl ?? null,
        lastUpdate,
        lastUpdateMs: parseUpdateTime(lastUpdate),
        words: tokenize(`${o.name} ${o.brand} ${o.strain}`),
      })
    }
  }
  return out
}

/** StorePageState is what a store page's URL carries: the shared filters, its product type and market. */
export type StorePageState = ShopFilters & {
  /** category is one of CATEGORIES, or '' for every one. */
  category: Category | ''
  /** market is one market, or '' for both. */
  market: 'medical' | 'recreational' | ''
}

/** readStorePage reads a store page's query (anything not understood takes its default). */
export function readStorePage(params: URLSearchParams): StorePageState {
  const type = params.get('type') ?? ''
  const market = params.get('market') ?? ''
  return {
    ...readFilters(params),
    category: (CATEGORIES as readonly string[]).includes(type) ? (type as Category) : '',
    market: market === 'medical' || market === 'recreational' ? market : '',
  }
}

/** writeStorePage writes a store page's state as a query, leaving out what is at its default. */
export function writeStorePage(state: StorePageState): URLSearchParams {
  const params = new URLSearchParams()
  if (state.category) params.set('type', state.category)
  if (state.market) params.set('market', state.market)
  writeFilters(params, state)
  return params
}

const STORE_SORT_VALUE: Partial<Record<SortKey, (o: StoreOffer) => number | null>> = {
  price: (o) => o.paid,
  unitPrice: (o) => o.unitPrice,
  thcValue: thcValuePer100mg,
  thc: (o) => o.thc,
  lastUpdate: (o) => o.lastUpdateMs,
}

/** sortStoreOffers orders a store's offers (a new array): by the key's value, those without one last, ties by name; name alone A to Z. */
export function sortStoreOffers(offers: readonly StoreOffer[], sortBy: SortKey, direction: 'asc' | 'desc'): StoreOffer[] {
  const sign = direction === 'asc' ? 1 : -1
  const byName = (a: StoreOffer, b: StoreOffer) => a.name.localeCompare(b.name) || a.paid - b.paid
  const value = STORE_SORT_VALUE[sortBy]
  if (!value) return [...offers].sort((a, b) => (sortBy === 'name' ? sign : 1) * byName(a, b))
  return [...offers].sort((a, b) => {
    const x = value(a)
    const y = value(b)
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1
    return sign * (x - y) || byName(a, b)
  })
}

/**
 * firstRowsOf is a store's offers by product type cut to their first limit offers in all, in
 * the same order (the first types whole, the one that reaches the limit cut, the rest left out):
 * what the page renders before its first paint.
 */
export function firstRowsOf<T extends { offers: readonly unknown[] }>(groups: readonly T[], limit: number): T[] {
  const first: T[] = []
  let left = limit
  for (const group of groups) {
    if (left <= 0) break
    first.push(group.offers.length <= left ? group : { ...group, offers: group.offers.slice(0, left) })
    left -= group.offers.length
  }
  return first
}
