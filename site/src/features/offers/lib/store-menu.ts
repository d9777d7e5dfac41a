import { CATEGORIES, type Category } from '@/api/common-schemas'
import { parseUpdateTime } from '@/lib/freshness'
import { isOnSale, pricePaid, type Unit } from '@/lib/unit-price'
import { unitPriceOf } from './offer-search'
import type { Menu } from '../api/shop-schemas'
import { sizeBucket, type FacetOffer } from './facets'
import { readFilters, writeFilters, type ShopFilters, type SortKey } from './search-state'
import { tokenize } from './text-match'
import { potencyAt } from './potency'
import { thcValuePer100mg } from './thc-value'
import { saleLowsByOffer, type SaleLow } from '@/lib/sale-low'

/** StoreOffer is one offer of a store's page (api/menus/<slug>), with what its filters and sorts read. */
export type StoreOffer = FacetOffer & {
  /** key is market, product code and the offer's place in its market's offers: a menu may list one code twice. */
  key: string
  code: string
  name: string
  strain: string
  market: 'medical' | 'recreational'
  size: string
  grams: number | null
  mg: number | null
  price: number
  /** saleLow is, on sale, the offer's 30-day low (SNAPSHOTS.md, Lows); null otherwise. */
  saleLow: SaleLow | null
  unitPrice: number | null
  unit: Unit | null
  /** thcLabelled, thcLow, cbdLow: as a search offer's (potencyOf). */
  thcLabelled: boolean
  thcLow: number | null
  cbdLow: number | null
  inStock: boolean
  orderUrl: string | null
  lastUpdate: string | null
  lastUpdateMs: number | null
  words: readonly string[]
}

/** storeOffersOf lists a store's offers, every market's, each with its category's last update on that market's menu. */
export function storeOffersOf(menu: Menu): StoreOffer[] {
  const out: StoreOffer[] = []
  const p = menu.products
  // Products are written once for both markets: their words once too.
  const words = p.name.map((name, i) => tokenize(`${name} ${p.brand[i]} ${p.strain[i]}`))
  for (const m of menu.markets) {
    const o = m.offers
    const lows = saleLowsByOffer(o.saleLows)
    for (let i = 0; i < o.product.length; i++) {
      const product = o.product[i]!
      const code = p.code[product]
      if (code === undefined) continue
      const category = p.category[product]!
      const lastUpdate = m.categories[category]?.lastUpdate ?? null
      const [price, sale, grams, mg] = [o.price[i]!, o.salePrice[i] ?? null, p.grams[product] ?? null, p.mg[product] ?? null]
      const path = p.orderPath[product] ?? null
      const paid = pricePaid(price, sale)
      out.push({
        key: `${m.market}|${code}|${p.size[product]}#${i}`,
        code,
        name: p.name[product]!,
        brand: p.brand[product] || null,
        strain: p.strain[product]!,
        strainType: p.strainType[product] ?? null,
        terpenes: p.terpenes[product] ?? [],
        category,
        market: m.market,
        size: p.size[product]!,
        sizeKey: sizeBucket(category, grams, mg),
        grams,
        mg,
        price,
        salePrice: isOnSale(price, sale) ? sale : null,
        saleLow: isOnSale(price, sale) ? (lows.get(i) ?? null) : null,
        paid,
        ...unitPriceOf(category, paid, grams, mg),
        cbd: o.cbd[i] ?? null,
        ...potencyAt(o, i, category, mg),
        isNew: o.isNew[i] ?? false,
        inStock: o.inStock[i] ?? false,
        orderUrl: path === null ? null : m.orderUrlBase + path,
        lastUpdate,
        lastUpdateMs: parseUpdateTime(lastUpdate),
        words: words[product] ?? [],
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

// One collator for every comparison (the default locale, as String#localeCompare): localeCompare
// builds one per call, and sorting a 700-offer store with it took about 270 ms at 4x CPU
// slowdown before the store's first offers could be painted.
const names = new Intl.Collator()

/** sortStoreOffers orders a store's offers (a new array): by the key's value, those without one last, ties by name; name alone A to Z. */
export function sortStoreOffers(offers: readonly StoreOffer[], sortBy: SortKey, direction: 'asc' | 'desc'): StoreOffer[] {
  const sign = direction === 'asc' ? 1 : -1
  const byName = (a: StoreOffer, b: StoreOffer) => names.compare(a.name, b.name) || a.paid - b.paid
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
