import type { Category } from '@/api/common-schemas'
import type { SearchShard, SearchStore, SearchStores } from '../api/shop-schemas'
import { freshnessAt, parseUpdateTime, type Freshness } from '@/lib/freshness'
import { splitOpenNow } from '@/lib/opening-hours'
import { distanceMiles, type Coordinates } from '@/lib/geo'
import { keepFacets, narrowedList, potencyUnitFor, sizeBucket, type FacetOffer, type StrainType } from './facets'
import { emptyBits, setBit } from './facet-index'
import { effectiveSort, hasPoint, type DispensarySearchState, type SearchFilters, type ShopFilters, type SortKey } from './search-state'
import { matchScore, textMatches, tokenize, type WordCache } from './text-match'
import { isOnSale, pricePaid, type Unit } from '@/lib/unit-price'
import { potencyAt } from './potency'
import { thcValuePer100mg } from './thc-value'
import { saleLowsByOffer, type SaleLow } from '@/lib/sale-low'
import { lastFor } from './list-memo'
import { runSteps, sortSteps, type SlicedJob, type Steps } from '@/lib/sliced-work'

/** SearchOffer is one offer of the Menus search: a shard row joined with its product and store. */
export type SearchOffer = FacetOffer & {
  /**
   * key is unique within a search: store, market, product code and size, and for the second
   * offer of those and after, its place among them ("#2"). A menu may list one product code twice
   * (two offers of one product): keyed by code alone, the two rows shared one key and React kept
   * stale rows when the list changed in place. It names no place in a file, so that an offer
   * keeps its key, and its row, when the whole search's files replace publish's first page.
   */
  key: string
  code: string
  name: string
  brand: string | null
  strain: string | null
  category: Category
  store: SearchStore
  market: 'medical' | 'recreational'
  size: string
  grams: number | null
  mg: number | null
  price: number
  salePrice: number | null
  /** saleLow is, on sale, the offer's 30-day low (SNAPSHOTS.md, Lows); null otherwise. */
  saleLow: SaleLow | null
  paid: number
  unitPrice: number | null
  unit: Unit | null
  thc: number | null
  /** potencyUnit is the unit of thc: "%", or "mg" for most edibles. */
  potencyUnit: string | null
  /** thcLabelled: thc is an edible's labelled dose (potencyOf), the menu gave none. */
  thcLabelled: boolean
  /** thcLow and cbdLow are the bottoms of ranges whose tops are thc and cbd; null for one figure. */
  thcLow: number | null
  cbdLow: number | null
  isNew: boolean
  /** orderUrl is where to order it: from a search, the menu's page of its store and market (see joinOffers); null when unknown. */
  orderUrl: string | null
  strainType: StrainType | null
  terpenes: readonly string[]
  cbd: number | null
  sizeKey: string | null
  lastUpdate: string | null
  /** lastUpdateMs is lastUpdate read once (epoch ms, null when none), for sorting and freshness. */
  lastUpdateMs: number | null
  /** nameRank orders offers by product name then brand (computed once per search; see joinOffers). */
  nameRank: number
  /** distance from the search's point, in miles; null without a point or store coordinates. */
  distance: number | null
  words: readonly string[]
}

/**
 * shardsFor names the files a search needs: its product type in the regions its
 * stores are in, or the product type's whole-state files (region "", each product
 * once rather than once per region) when that is every region it has.
 */
export function shardsFor(stores: SearchStores, search: DispensarySearchState): string[] {
  const shards = stores.shards.filter((s) => s.category === search.productType)
  const regional = shards.filter((s) => s.region !== '')
  const whole = shards.filter((s) => s.region === '')
  let regions: Set<string>
  if (search.searchType === 'distance' && hasPoint(search.coordinates)) {
    regions = new Set(
      stores.stores
        .filter(
          (s) => s.lat != null && s.lng != null && distanceMiles(search.coordinates, { latitude: s.lat, longitude: s.lng }) <= search.maxDistance,
        )
        .map((s) => s.region),
    )
  } else regions = new Set(search.region ? [search.region] : regional.map((s) => s.region))
  const needed = regional.filter((s) => regions.has(s.region))
  const chosen = whole.length > 0 && needed.length > 1 && needed.length === regional.length ? whole : needed
  return chosen.map((s) => s.path.replace(/^\/?api\//, ''))
}

/**
 * unitPriceOf is an offer's unit price as publish computes it (publish.unitPriceFor):
 * the price paid per gram, or per 100 mg of THC for edibles, to the cent; none
 * when the amount is unknown, and none for Other. The search files leave it out
 * (SNAPSHOTS.md: it follows from the price and the product's size).
 */
export function unitPriceOf(
  category: Category,
  paid: number,
  grams: number | null,
  mg: number | null,
): { unitPrice: number | null; unit: Unit | null } {
  const [per, unit]: [number | null, Unit | null] =
    category === 'Edible' ? [mg === null ? null : mg / 100, '100mg'] : category === 'Other' ? [null, null] : [grams, 'g']
  if (per === null || per <= 0 || paid <= 0) return { unitPrice: null, unit: null }
  const unitPrice = Math.round((paid / per) * 100) / 100
  // A weight too small to divide by gives no unit price, as in publish.
  return Number.isFinite(unitPrice) ? { unitPrice, unit } : { unitPrice: null, unit: null }
}

/**
 * SearchRows is what joinOffers reads: a shard, or the first page of a search (api/search/<category>/first);
 * ordinals, when given, are each offer's place among the offers of its menu and product in the
 * file it was cut from (rowsOf: 1 for the first), which its key names.
 */
export type SearchRows = Pick<SearchShard, 'category' | 'menus' | 'products' | 'offers'> & { ordinals?: readonly number[] }

/** keyBase is offer i of rows as its key names it before its ordinal: store, market, product code and size. */
function keyBase(rows: SearchRows, i: number): string {
  const [slug, market] = rows.menus[rows.offers.menu[i]!]!
  const product = rows.offers.product[i]!
  return `${slug}|${market}|${rows.products.code[product]}|${rows.products.size[product]}`
}

/** joinOffers turns shard rows into SearchOffers, measuring each store's distance from point once. */
export function joinOffers(stores: SearchStores, shards: readonly SearchRows[], point: Coordinates | null): SearchOffer[] {
  return runSteps(joinOfferSteps(stores, shards, point))
}

/** JOIN_STEP is how many offers (or products) joinOfferSteps handles between two steps. */
const JOIN_STEP = 250

/** joinOfferSteps is joinOffers in steps (lib/sliced-work.ts): a whole state's join runs in slices while the page stays responsive. */
export function* joinOfferSteps(stores: SearchStores, shards: readonly SearchRows[], point: Coordinates | null): Steps<SearchOffer[]> {
  const bySlug = new Map(stores.stores.map((s) => [s.slug, s]))
  const distances = new Map<string, number | null>()
  const distanceTo = (store: SearchStore) => {
    if (!distances.has(store.slug)) {
      distances.set(
        store.slug,
        point && store.lat != null && store.lng != null ? distanceMiles(point, { latitude: store.lat, longitude: store.lng }) : null,
      )
    }
    return distances.get(store.slug) ?? null
  }
  const out: SearchOffer[] = []
  const nameKeys: string[] = []
  // How many offers of each store, market, product code and size came before: their keys' number.
  const seen = new Map<string, number>()
  // A store's market has one last update per category: read each date once, not once per offer.
  const times = new Map<string | null, number | null>()
  const parsed = (lastUpdate: string | null) => {
    if (!times.has(lastUpdate)) times.set(lastUpdate, parseUpdateTime(lastUpdate))
    return times.get(lastUpdate) ?? null
  }
  for (const shard of shards) {
    const p = shard.products
    // Per product rather than per offer: the words the text search matches, the name order's
    // key and the size filter's key.
    const words: (readonly string[])[] = []
    const names: string[] = []
    const sizeKeys: (string | null)[] = []
    for (let i = 0; i < p.code.length; i++) {
      const name = p.name[i] ?? ''
      words.push(tokenize(`${name} ${p.brand[i] ?? ''} ${p.strain[i] ?? ''}`))
      names.push(`${name.toLowerCase()}\u0000${(p.brand[i] ?? '').toLowerCase()}`)
      sizeKeys.push(sizeBucket(shard.category, p.grams[i] ?? null, p.mg[i] ?? null))
      if (i % JOIN_STEP === JOIN_STEP - 1) yield
    }
    // Each offer points to a menu (store × market): look its store and last update up once per menu.
    const menus = shard.menus.map(([slug, market]) => {
      const store = bySlug.get(slug)
      if (!store) return null
      const menu = store.markets.find((m) => m.market === market)
      const lastUpdate = menu?.lastUpdate[shard.category] ?? null
      // A link to order from a search result opens the store's menu: a link per offer to its
      // product page would put the whole-state search files over their 200 kB budget.
      // The store page, product pages and Deals link to the product itself.
      return { store, market, lastUpdate, lastUpdateMs: parsed(lastUpdate), distance: distanceTo(store), menuUrl: menu?.menuUrl ?? null }
    })
    const o = shard.offers
    const lows = saleLowsByOffer(o.saleLows)
    for (let i = 0; i < o.product.length; i++) {
      if (i % JOIN_STEP === JOIN_STEP - 1) yield
      const product = o.product[i]!
      const menu = menus[o.menu[i]!]
      const code = p.code[product]
      if (code === undefined || !menu) continue
      const price = o.price[i]!
      const sale = o.salePrice[i] ?? null
      const onSale = isOnSale(price, sale)
      const paid = pricePaid(price, sale)
      const grams = p.grams[product] ?? null
      const mg = p.mg[product] ?? null
      const size = p.size[product]!
      const { unitPrice, unit } = unitPriceOf(shard.category, paid, grams, mg)
      const potency = potencyAt(o, i, shard.category, mg)
      nameKeys.push(names[product]!)
      const base = keyBase(shard, i)
      const ordinal = shard.ordinals?.[i] ?? (seen.get(base) ?? 0) + 1
      seen.set(base, ordinal)
      // Every field written out in one order, no spread: the offers share one shape, which the
      // sorts and filters read fastest, and no object is copied per offer.
      out.push({
        key: ordinal === 1 ? base : `${base}#${ordinal}`,
        code,
        name: p.name[product]!,
        brand: p.brand[product]!,
        strain: p.strain[product] ?? null,
        category: shard.category,
        store: menu.store,
        market: menu.market,
        size,
        grams,
        mg,
        price,
        salePrice: onSale ? sale : null,
        saleLow: onSale ? (lows.get(i) ?? null) : null,
        paid,
        unitPrice,
        unit,
        thc: potency.thc,
        potencyUnit: potency.potencyUnit,
        thcLabelled: potency.thcLabelled,
        thcLow: potency.thcLow,
        cbdLow: potency.cbdLow,
        isNew: o.isNew[i] ?? false,
        orderUrl: menu.menuUrl,
        strainType: p.strainType[product] ?? null,
        terpenes: p.terpenes[product] ?? [],
        cbd: o.cbd[i] ?? null,
        sizeKey: sizeKeys[product] ?? null,
        lastUpdate: menu.lastUpdate,
        lastUpdateMs: menu.lastUpdateMs,
        nameRank: 0,
        distance: menu.distance,
        words: words[product] ?? [],
      })
    }
  }
  // Sorting Ohio's ~40,000 flower offers with Intl.Collator on every filter change
  // took seconds at 4x CPU slowdown: rank the distinct names once (plain
  // lower-case order), then every sort by name compares integers.
  const ranks = new Map([...new Set(nameKeys)].sort().map((key, rank) => [key, rank]))
  yield
  for (let i = 0; i < out.length; i++) {
    out[i]!.nameRank = ranks.get(nameKeys[i]!) ?? 0
    if (i % (JOIN_STEP * 8) === JOIN_STEP * 8 - 1) yield
  }
  return out
}

/** JOIN_AT_ONCE: a join of at most this many offers is done at once (a first page, a small region), the rest in slices. */
const JOIN_AT_ONCE = 1_000

/** POINTS_KEPT: the joins kept per list of files, each for a search point (none, or a distance search's). */
const POINTS_KEPT = 4

// The joins done, per roster and list of files, by search point: going back to a search shown
// before (a product type chosen again, a filter cleared) shows its offers at once.
const joined = new WeakMap<SearchStores, WeakMap<readonly SearchRows[], Map<string, SearchOffer[]>>>()

/**
 * joinJob is the join of shards (joinOffers) as a screen waits for it (useSliced): done at once
 * when small or done before for the same roster, files and point, else in slices. It is over
 * the files: while the same files are joined from a new point, the last join stands in
 * (useSlicedOrLast).
 */
export function joinJob(stores: SearchStores, shards: readonly SearchRows[], point: Coordinates | null): SlicedJob<SearchOffer[]> {
  let byFiles = joined.get(stores)
  if (!byFiles) joined.set(stores, (byFiles = new WeakMap()))
  let byPoint = byFiles.get(shards)
  if (!byPoint) byFiles.set(shards, (byPoint = new Map()))
  const key = point ? `${point.latitude},${point.longitude}` : ''
  const keep = (offers: SearchOffer[]) => {
    if (byPoint.size >= POINTS_KEPT && !byPoint.has(key)) byPoint.delete(byPoint.keys().next().value!)
    byPoint.set(key, offers)
    return offers
  }
  const size = shards.reduce((sum, shard) => sum + shard.offers.product.length, 0)
  const done = byPoint.get(key) ?? (size <= JOIN_AT_ONCE ? keep(joinOffers(stores, shards, point)) : undefined)
  return { done, steps: () => joinAndSortSteps(stores, shards, point), finished: keep, over: shards }
}

/**
 * joinAndSortSteps joins shards, then sorts the offers in the order a search of them shows
 * unless another is chosen (effectiveSort: by distance from a point, else by price paid), in
 * steps too: sorting a whole state's offers took about 80 ms at 4x CPU slowdown, one task of its
 * own, once the join was done. sortOffers then hands that order back at once.
 */
function* joinAndSortSteps(stores: SearchStores, shards: readonly SearchRows[], point: Coordinates | null): Steps<SearchOffer[]> {
  const offers = yield* joinOfferSteps(stores, shards, point)
  const sortBy = effectiveSort(point && { searchType: 'distance', coordinates: point }, { sortBy: null, searchText: '' })
  const sorted = yield* sortSteps(offers, compareOffers(sortBy, 'asc'))
  lastFor(offers, SORTED, sortedKey(sortBy, 'asc'), () => sorted)
  return offers
}

/** FirstPage is a search's first page of offers, in order, with the whole search's offer and store counts. */
export type FirstPage = { offers: SearchOffer[]; total: number; stores: number }

/**
 * firstPageOf is the first size offers of shards in the default order (sortOffers by price,
 * ascending), with the counts of all of them, joining only the offers that can be on that
 * page: those paying no more than the size-th lowest price (ties are ordered by name and
 * store). Joining a region's 8,000 flower offers (joinOffers) before its first page was
 * painted took longer than that page's rendering at 4x CPU slowdown (a trace of
 * bench:menus); the join can follow the paint.
 */
export function firstPageOf(stores: SearchStores, shards: readonly SearchRows[], size: number): FirstPage {
  const known = new Set(stores.stores.map((s) => s.slug))
  // Offers joinOffers would leave out (a menu of no known store, a product the file lacks) are
  // not counted; each kept offer's price paid is reckoned once.
  const listed = shards.map((shard) => {
    const menuKnown = shard.menus.map(([slug]) => known.has(slug))
    const o = shard.offers
    const keep: number[] = []
    const paid: number[] = []
    for (let i = 0; i < o.product.length; i++) {
      if (!menuKnown[o.menu[i]!] || shard.products.code[o.product[i]!] === undefined) continue
      keep.push(i)
      paid.push(pricePaid(o.price[i]!, o.salePrice[i] ?? null))
    }
    return { keep, paid }
  })
  const prices = Float64Array.from(listed.flatMap((l) => l.paid)).sort()
  const storeSlugs = new Set(listed.flatMap(({ keep }, s) => keep.map((i) => shards[s]!.menus[shards[s]!.offers.menu[i]!]![0])))
  const limit = prices.length === 0 ? -Infinity : prices[Math.min(size, prices.length) - 1]!
  const candidates = shards.map((shard, s) =>
    rowsOf(
      shard,
      listed[s]!.keep.filter((_, k) => listed[s]!.paid[k]! <= limit),
    ),
  )
  return { offers: sortOffers(joinOffers(stores, candidates, null), 'price', 'asc').slice(0, size), total: prices.length, stores: storeSlugs.size }
}

/** rowsOf is shard with only the offers at indexes (its menus and products as they are), each with its ordinal in shard. */
function rowsOf(shard: SearchRows, indexes: readonly number[]): SearchRows {
  const o = shard.offers
  const pick = <T>(column: readonly T[]) => indexes.map((i) => column[i]!)
  // Each offer's ordinal (its key's number) counted as the join counts it, over the whole file
  // up to the last offer kept: the keys are those the whole file's join gives the same offers.
  // (indexes are in the file's order.)
  const counts = new Map<string, number>()
  const ordinals = new Int32Array((indexes.at(-1) ?? -1) + 1)
  for (let i = 0; i < ordinals.length; i++) {
    const base = keyBase(shard, i)
    ordinals[i] = shard.ordinals?.[i] ?? (counts.get(base) ?? 0) + 1
    counts.set(base, ordinals[i]!)
  }
  return {
    category: shard.category,
    menus: shard.menus,
    products: shard.products,
    ordinals: indexes.map((i) => ordinals[i]!),
    offers: {
      product: pick(o.product),
      menu: pick(o.menu),
      price: pick(o.price),
      salePrice: pick(o.salePrice),
      thc: pick(o.thc),
      potencyUnit: pick(o.potencyUnit),
      cbd: pick(o.cbd),
      isNew: pick(o.isNew),
      // The sales' lows, renumbered for the offers kept.
      ...(o.saleLows && { saleLows: keptSaleLows(o.saleLows, indexes) }),
      // The ranges' bottoms are optional columns (SNAPSHOTS.md): kept when the file has them.
      ...(o.thcLow && { thcLow: pick(o.thcLow) }),
      ...(o.cbdLow && { cbdLow: pick(o.cbdLow) }),
    },
  }
}

/** offerFreshness is an offer's menu freshness at nowMs. */
export function offerFreshness(offer: Pick<SearchOffer, 'lastUpdateMs'>, nowMs: number): Freshness {
  return freshnessAt(offer.lastUpdateMs, nowMs)
}

/** DEAL_QUANTILE: "deals only" keeps offers on sale and those in the cheapest quarter by unit price. */
export const DEAL_QUANTILE = 0.25

/** dealThreshold is the unit price at the DEAL_QUANTILE of offers (null when none has a unit price). */
export function dealThreshold(offers: readonly { unitPrice: number | null }[]): number | null {
  const prices = offers.flatMap((o) => (o.unitPrice == null ? [] : [o.unitPrice])).sort((a, b) => a - b)
  if (prices.length === 0) return null
  return prices[Math.max(0, Math.ceil(prices.length * DEAL_QUANTILE) - 1)] ?? null
}

/** FilterResult is what a search shows, with what each step left so an empty result can say why. */
export type FilterResult<T extends FacetOffer = SearchOffer> = {
  offers: T[]
  /** inScope: offers of the searched markets and distance, before the filters. */
  inScope: number
  /** excluded counts offers each filter removed (a filter applied after another counts what was left; facets: the filters with counts together). */
  excluded: Partial<Record<'openNow' | 'dealsOnly' | 'staleExclude' | 'searchText' | 'facets', number>>
  /**
   * counted are the offers the other filters leave, which the filters with counts count their
   * options over (countFacetsOnce): apart, so that the results show before their counts.
   */
  counted: readonly T[]
  /** stores counts the distinct stores of offers. */
  stores: number
}

function countStores(offers: readonly SearchOffer[]): number {
  const seen = new Set<SearchStore>()
  for (const offer of offers) seen.add(offer.store)
  return seen.size
}

const SORT_VALUE: Record<Exclude<SortKey, 'name' | 'relevance'>, (o: SearchOffer) => number | null> = {
  price: (o) => o.paid,
  unitPrice: (o) => o.unitPrice,
  thcValue: thcValuePer100mg,
  thc: (o) => o.thc,
  distance: (o) => o.distance,
  lastUpdate: (o) => o.lastUpdateMs,
}

/** compareOffers orders offers by sortBy in direction; offers without the value sort last either way. */
export function compareOffers(sortBy: SortKey, direction: 'asc' | 'desc'): (a: SearchOffer, b: SearchOffer) => number {
  const sign = direction === 'asc' ? 1 : -1
  const byName = (a: SearchOffer, b: SearchOffer) =>
    a.nameRank - b.nameRank || a.paid - b.paid || (a.store.slug < b.store.slug ? -1 : a.store.slug > b.store.slug ? 1 : 0)
  if (sortBy === 'name') return (a, b) => sign * byName(a, b)
  // Relevance orders the filtered offers (rankByRelevance) over this base order.
  if (sortBy === 'relevance') return compareOffers('price', 'asc')
  const value = SORT_VALUE[sortBy]
  return (a, b) => {
    const x = value(a)
    const y = value(b)
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1
    return sign * (x - y) || byName(a, b)
  }
}

/**
 * sortOffers returns the offers sorted by sortBy in direction: an array of its own, kept with the
 * list for the order last asked for (a search sorted once, by joinJob, is not sorted again), which
 * its callers leave as it is.
 */
export function sortOffers(all: readonly SearchOffer[], sortBy: SortKey, direction: 'asc' | 'desc'): SearchOffer[] {
  return lastFor(all, SORTED, sortedKey(sortBy, direction), () => [...all].sort(compareOffers(sortBy, direction)))
}

/** SORTED is the step (list-memo.ts) an order of a list is kept under, sortedKey its key. */
const SORTED = 'sort'
const sortedKey = (sortBy: SortKey, direction: 'asc' | 'desc') => `${sortBy} ${direction}`

/**
 * filterOffers applies a search's markets and distance, then "open now", then narrowFilters, to
 * offers already in the order to show (sortOffers): filtering keeps that order, so
 * a filter change or a keystroke never sorts the whole state again.
 */
export function filterOffers(sorted: readonly SearchOffer[], search: DispensarySearchState, filters: SearchFilters, nowMs: number): FilterResult {
  const byDistance = search.searchType === 'distance' && hasPoint(search.coordinates)
  // Both markets and no distance (the default search) keep every offer: no copy of the whole state.
  const inScope =
    search.showMedical && search.showRecreational && !byDistance
      ? sorted
      : lastFor(sorted, 'scope', JSON.stringify([search.showMedical, search.showRecreational, byDistance && search.maxDistance]), () =>
          sorted.filter(
            (o) =>
              (o.market === 'medical' ? search.showMedical : search.showRecreational) &&
              (!byDistance || (o.distance !== null && o.distance <= search.maxDistance)),
          ),
        )
  // "Open now" is applied before the filters with counts, so that their counts are of the
  // offers it leaves (stores open now, then those whose hours are unknown, as the list shows them).
  const { openNow, open } = lastFor(inScope, 'openNow', JSON.stringify([filters.openNow, filters.openNow && nowMs]), () => {
    const openNow = filters.openNow ? splitOpenNow(inScope, (o) => o.store.openingHours, nowMs) : null
    return { openNow, open: openNow && openNow.closed > 0 ? [...openNow.open, ...openNow.unknown] : inScope }
  })
  const result = narrowFilters(open, filters, potencyUnitFor(search.productType), nowMs)
  const excluded = openNow && openNow.closed > 0 ? { openNow: openNow.closed, ...result.excluded } : result.excluded
  return { ...result, inScope: inScope.length, excluded, stores: countStores(result.offers) }
}

/** NarrowFilters are the filters narrowFilters applies: a search's, or a store page's (no deals or open-now there). */
export type NarrowFilters = ShopFilters & Partial<Pick<SearchFilters, 'dealsOnly' | 'staleExclude'>>

/**
 * narrowFilters applies the deals, freshness and text filters, then the filters with
 * counts (keepFacets; their options are counted over what the others leave, counted),
 * keeping the offers' order but for a relevance sort, which puts the best matches first.
 */
export function narrowFilters<T extends FacetOffer & { unitPrice: number | null; lastUpdateMs: number | null; words: readonly string[] }>(
  inScope: readonly T[],
  filters: NarrowFilters,
  unit: ReturnType<typeof potencyUnitFor>,
  nowMs: number,
): Omit<FilterResult<T>, 'stores'> {
  // The steps before the filters with counts, once per list and their settings: a change of
  // those filters alone keeps counted the same list, and so its index (facet-index.ts).
  const typed = tokenize(filters.searchText)
  const before = lastFor(inScope, 'narrow', JSON.stringify([filters.dealsOnly, filters.staleExclude, typed, filters.staleExclude && nowMs]), () =>
    narrowBeforeFacets(inScope, filters, typed, nowMs),
  )
  const excluded = { ...before.excluded }
  const counted = before.offers
  const faceted = keepFacets(counted, filters, unit)
  if (faceted.length < counted.length) excluded.facets = counted.length - faceted.length
  const kept = effectiveSort(null, filters) === 'relevance' && typed.length > 0 ? rankByRelevance(faceted, typed) : faceted
  return { offers: kept, inScope: inScope.length, excluded, counted }
}

/**
 * narrowBeforeFacets applies the deals, freshness and text filters (typed: the text's words),
 * saying what each removed. What they keep is a narrowedList of inScope (inScope itself when
 * they keep everything): the filters with counts then narrow inScope's index, built once,
 * rather than one built for each text typed.
 */
function narrowBeforeFacets<T extends FacetOffer & { unitPrice: number | null; lastUpdateMs: number | null; words: readonly string[] }>(
  inScope: readonly T[],
  filters: NarrowFilters,
  typed: readonly string[],
  nowMs: number,
): { offers: T[]; excluded: FilterResult['excluded'] } {
  // The filters in the order they apply: an offer two of them would remove is counted by the first.
  const checks: [keyof FilterResult['excluded'], (o: T, i: number) => boolean][] = []
  if (filters.dealsOnly) {
    const threshold = dealThreshold(inScope)
    checks.push(['dealsOnly', (o) => o.salePrice !== null || (threshold !== null && o.unitPrice !== null && o.unitPrice <= threshold)])
  }
  if (filters.staleExclude) checks.push(['staleExclude', (o) => offerFreshness(o, nowMs) === 'current'])
  if (typed.length > 0) {
    // Offers of one product share its words: match each product once, and each distinct word once.
    const { products, productOf } = productsOf(inScope)
    const words: WordCache = new Map()
    const matches = Uint8Array.from(products, (productWords) => (textMatches(typed, productWords, words) ? 1 : 0))
    checks.push(['searchText', (_, i) => matches[productOf[i]!] === 1])
  }
  const excluded: FilterResult['excluded'] = {}
  if (checks.length === 0) return { offers: inScope as T[], excluded }
  const kept = emptyBits(inScope.length)
  let left = 0
  offers: for (let i = 0; i < inScope.length; i++) {
    for (const [name, keep] of checks) {
      if (!keep(inScope[i]!, i)) {
        excluded[name] = (excluded[name] ?? 0) + 1
        continue offers
      }
    }
    setBit(kept, i)
    left++
  }
  return { offers: left === inScope.length ? (inScope as T[]) : narrowedList(inScope, kept), excluded }
}

/**
 * productsOf is list's products (their words, each distinct list of words once) and each
 * offer's product, found once per list: a keystroke then matches the few thousand products
 * rather than looking each of the whole state's offers up (npm run bench:menus).
 */
function productsOf(list: readonly { words: readonly string[] }[]): { products: (readonly string[])[]; productOf: Int32Array } {
  return lastFor(list, 'products', '', () => {
    const ids = new Map<readonly string[], number>()
    const products: (readonly string[])[] = []
    const productOf = new Int32Array(list.length)
    list.forEach((o, i) => {
      let id = ids.get(o.words)
      if (id === undefined) {
        ids.set(o.words, (id = products.length))
        products.push(o.words)
      }
      productOf[i] = id
    })
    return { products, productOf }
  })
}

/** rankByRelevance orders offers by how well their words match the typed ones (matchScore), best first, ties in their order. */
export function rankByRelevance<T extends { words: readonly string[] }>(offers: readonly T[], typed: readonly string[]): T[] {
  const scores = new Map<readonly string[], number>()
  const scoreOf = (o: T) => {
    let score = scores.get(o.words)
    if (score === undefined) scores.set(o.words, (score = matchScore(typed, o.words)))
    return score
  }
  return offers
    .map((o, i) => ({ o, i, score: scoreOf(o) }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((x) => x.o)
}

/** StoreGroup is one store's offers on a page, in the search's order. */
export type StoreGroup = { store: SearchStore; distance: number | null; offers: SearchOffer[] }

/** groupByStore groups offers by store, the stores in the order of their first offer. */
export function groupByStore(offers: readonly SearchOffer[]): StoreGroup[] {
  const groups = new Map<string, StoreGroup>()
  for (const offer of offers) {
    let group = groups.get(offer.store.slug)
    if (!group) {
      group = { store: offer.store, distance: offer.distance, offers: [] }
      groups.set(offer.store.slug, group)
    }
    group.offers.push(offer)
  }
  return [...groups.values()]
}

/** keptSaleLows are a file's saleLows of the offers at indexes, numbered as rowsOf numbers them. */
function keptSaleLows<T extends { offer: number }>(list: readonly T[], indexes: readonly number[]): T[] {
  const at = new Map(indexes.map((i, n) => [i, n]))
  return list.flatMap((l) => {
    const n = at.get(l.offer)
    return n === undefined ? [] : [{ ...l, offer: n }]
  })
}
