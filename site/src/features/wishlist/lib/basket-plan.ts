import type { Market, ProductOffer } from '@/api/common-schemas'
import { freshnessOf } from '@/lib/freshness'
import { distanceMiles, type Coordinates } from '@/lib/geo'
import { withTax } from '@/lib/tax'

// Where to buy a basket cheapest, in one stop or two: pure, so the plans are
// unit-tested against baskets worked out by hand and benchmarked
// (scripts/bench-basket.mjs).
//
// What was chosen, and why it is exact: a store sells each product at one price
// per market (a product file has one offer per store and market), so a store's
// cost for an item is fixed, and in a plan of two stores each item is bought
// where it is cheaper. The planner builds a matrix of each store's cost for each
// item (in cents, so ties are exact) and enumerates every store alone and every
// pair of stores with the per-item minimum: O(S² · I) = 300·299/2 pairs × 25
// items ≈ 1.1 M steps at the ceiling (25 items, 300 stores). The pair
// search prunes only pairs that provably cannot win (a lower bound per pair from
// each item's typical cost, see fullPlans), so it stays exact, and there adds
// up 1-11 thousand pair-item steps, not a million; when no one or two stores
// have every item some store has, the plan covering most is a plain enumeration
// of every pair. Plans of three stores or more are not searched: the issue asks
// for one stop or two.
// scripts/bench-basket.mjs times it in Chromium at 4× CPU slowdown, the first
// plan of a page (cold: the note above readOffers says why the loops are shaped
// for it) and warm.
//
// Ties are broken the same way every time: stores are ranked nearest first
// (then by name and slug), the first of equal plans in that order wins, and an
// item priced the same at both stores of a pair is bought at the nearer one.

/** PlanOffer is an offer as the planner reads it: a product file's offer, perhaps marked out of stock. */
export type PlanOffer = Pick<ProductOffer, 'slug' | 'storeName' | 'city' | 'lat' | 'lng' | 'market' | 'price' | 'salePrice' | 'lastUpdate'> & {
  /**
   * inStock false leaves the offer out. api/products lists in-stock offers only (publish/SNAPSHOTS.md), so
   * its offers have no such field; the menu files mark it, and the planner honours it wherever it is given.
   */
  inStock?: boolean
}

/** PlanItem is a product of the basket: how many packages, and its offers across Ohio. */
export type PlanItem<O extends PlanOffer = PlanOffer> = { code: string; name: string; quantity: number; offers: readonly O[] }

/** PlanQuery is where and how the shopper buys: the market, a point and how far from it, and the time freshness is judged at. */
export type PlanQuery = { market: Market; from: Coordinates; maxMiles: number; nowMs: number }

/** Purchase is one item bought at a store: its packages, the price paid for one and for all. */
export type Purchase<O extends PlanOffer = PlanOffer> = { code: string; name: string; quantity: number; unitCents: number; cents: number; offer: O }

/** Visit is one store of a plan and what is bought there. */
export type Visit<O extends PlanOffer = PlanOffer> = {
  slug: string
  name: string
  city: string
  miles: number
  purchases: Purchase<O>[]
  cents: number
}

/** Plan is one or two stores, the items they cover, their total, and what they leave missing. */
export type Plan<O extends PlanOffer = PlanOffer> = { visits: Visit<O>[]; cents: number; covered: number; missing: { code: string; name: string }[] }

/** BasketPlan is the planner's answer. */
export type BasketPlan<O extends PlanOffer = PlanOffer> = {
  /** stores is how many stores in range, in the market, have at least one of the items in stock on a current or stale menu. */
  stores: number
  /** single is the cheapest store that has every item (null: none has). */
  single: Plan<O> | null
  /** pair is the cheapest two stores that together have every item, when they cost less than single (or there is no single). */
  pair: (Plan<O> & { savingCents: number | null }) | null
  /** partial, only when no store or pair has every item: the cheapest one or two stores covering the most items. */
  partial: Plan<O> | null
  /** nowhere are the items no store in range has. */
  nowhere: { code: string; name: string }[]
}

/** toCents turns a menu price into whole cents, so sums and ties are exact. */
export const toCents = (dollars: number) => Math.round(dollars * 100)

/**
 * Store is a store the offers name, read once however many offers it has: its distance (trig)
 * and, for the last update time its offers named, that menu's freshness (a date to parse),
 * then, when in range, its cheapest usable offer and price paid per item of the basket.
 */
type Store<O> = {
  slug: string
  name: string
  city: string
  miles: number
  inRange: boolean
  // The last update time its last offer named and whether that menu counts: a store's offers
  // share a handful of times, so most offers ask about the same one again.
  lastUpdate: string | null
  fresh: boolean
  // Its rank, nearest first, once it has a usable offer (-1 until then).
  rank: number
  // paid[i], offers[i]: the lowest price paid for item i and its offer (Infinity, undefined: none).
  paid: number[]
  offers: (O | undefined)[]
}

// The unreachable cost: an item the store does not have.
const NONE = Infinity

// An out-of-range store keeps nothing: one shared empty row.
const NO_PRICES: number[] = []

/** planBasket finds the cheapest single store, the cheapest pair of stores and, failing both, the plan covering most. */
export function planBasket<O extends PlanOffer>(items: readonly PlanItem<O>[], query: PlanQuery): BasketPlan<O> {
  const wanted = items.filter((i) => i.quantity > 0)
  const I = wanted.length
  const { stores: used, sold, typical } = readOffers(wanted, query)
  const order = used.sort((a, b) => a.miles - b.miles || a.name.localeCompare(b.name) || (a.slug < b.slug ? -1 : 1))
  const S = order.length
  for (let s = 0; s < S; s++) order[s]!.rank = s
  const nowhere = wanted.filter((_, i) => sold[i] === 0).map(({ code, name }) => ({ code, name }))
  const somewhere = I - nowhere.length

  const costs = costMatrix(order, wanted, sold, typical)
  const full = fullPlans(costs, S, I)
  let single: number[] | null = null
  let pair: number[] | null = null
  let most: number[] | null = null
  if (somewhere === I) {
    single = full.single
    pair = full.pair
  } else if (somewhere > 0) {
    // Something is nowhere: the partial plan is the cheaper full plan of the rest, one store on a tie.
    most = full.pair && (!full.single || full.pairCents < full.singleCents) ? full.pair : full.single
  }
  // No one or two stores have all the items some store has: the plan covering most, by plain enumeration.
  if (!single && !pair && !most && somewhere > 0) most = mostCovered(costs.cost, S, I)

  const planOf = (chosen: number[]) =>
    planFrom(
      chosen.map((s) => order[s]!),
      wanted,
    )
  const singlePlan = single ? planOf(single) : null
  const pairPlan = pair ? { ...planOf(pair), savingCents: single ? full.singleCents - full.pairCents : null } : null
  const partial = most ? planOf(most) : null
  return { stores: S, single: singlePlan, pair: pairPlan, partial, nowhere }
}

// Why the loops below are shaped as they are: the plan a shopper waits for is the first of the
// visit, run while the engine still interprets this code and compiles its hot loops as they run
// (on-stack replacement). A short loop nested in a long one is the worst case for that: the engine
// compiles the inner loop alone and drops back to the interpreter each time it ends, once per
// store or pair. So no hot loop here is nested in another: each inner loop is a function of its
// own (readItem, rowCosts, bestPartner, pairCents), which the engine compiles whole after
// a few calls, and the outer loop only calls it. In Chromium at 4× slowdown, nested loops cost
// the first plan a deoptimization per store ("exit from OSR'd inner loop", --js-flags=--trace-deopt)
// and a fifth more main-thread time than these functions, which are compiled with none.

// The share of stores, by price, under an item's typical cost: the threshold of the pairs' lower
// bound in fullPlans. Any threshold keeps the bound true; this one keeps it tight for the cheap
// pairs, which buy each item under it at one of their stores and at or over it at the other.
// 40 % left the fewest pairs to add up on the bench's baskets (30 %: 1-7× as many, 50 %: 1-2.5×,
// 60 %: 2-7×).
const TYPICAL_QUANTILE = 0.4

/** Reading is what readOffers keeps while it reads the items' offers one item at a time (readItem). */
type Reading<O> = {
  query: PlanQuery
  I: number
  bySlug: Map<string, Store<O>>
  // A store's rows start as copies of these: copying a row is cheaper than filling a new one.
  noPrices: number[]
  noOffers: (O | undefined)[]
  freshByDate: Map<string | null, boolean>
  stores: Store<O>[]
  sold: Uint8Array
  typical: Float64Array
  // Scratch: an item's usable prices, for its typical cost.
  prices: Float64Array
}

/**
 * readOffers reads every offer once: the stores in range, in the market, with at least one of
 * the items in stock on a current or stale menu (in the order first met), each with its cheapest
 * usable offer per item; per item whether some such store has it (sold, 1 or 0) and its typical
 * cost (cents, all packages: the TYPICAL_QUANTILE of its usable offers' prices). One Map lookup
 * per offer: distance and freshness are the store's, worked out when first needed.
 */
function readOffers<O extends PlanOffer>(wanted: readonly PlanItem<O>[], query: PlanQuery) {
  const I = wanted.length
  const most = wanted.reduce((n, item) => Math.max(n, item.offers.length), 0)
  const reading: Reading<O> = {
    query,
    I,
    bySlug: new Map(),
    freshByDate: new Map(),
    noPrices: new Array<number>(I).fill(NONE),
    noOffers: new Array<O | undefined>(I).fill(undefined),
    stores: [],
    sold: new Uint8Array(I),
    typical: new Float64Array(I),
    prices: new Float64Array(most),
  }
  for (let i = 0; i < I; i++) readItem(reading, i, wanted[i]!)
  return { stores: reading.stores, sold: reading.sold, typical: reading.typical }
}

/** readItem reads item i's offers into the stores' rows, and works out its typical cost. */
function readItem<O extends PlanOffer>(reading: Reading<O>, i: number, { offers, quantity }: PlanItem<O>) {
  const { query, bySlug, stores, prices } = reading
  const market = query.market
  let n = 0
  for (let k = 0; k < offers.length; k++) {
    const offer = offers[k]!
    if (offer.market !== market || offer.inStock === false) continue
    let store = bySlug.get(offer.slug)
    if (store === undefined) {
      store = storeOf(offer, reading)
      bySlug.set(offer.slug, store)
    }
    // fresh holds for a store in range only, so one test leaves out both.
    if (offer.lastUpdate !== store.lastUpdate) {
      store.lastUpdate = offer.lastUpdate
      store.fresh = store.inRange && isFresh(offer.lastUpdate, query.nowMs, reading.freshByDate)
    }
    if (!store.fresh) continue
    if (store.rank < 0) {
      store.rank = stores.length
      stores.push(store)
    }
    // pricePaid, inlined: the first plan runs interpreted, where a call per offer counts.
    const sale = offer.salePrice
    const paid = sale != null && sale < offer.price ? sale : offer.price
    prices[n++] = paid
    if (paid < store.paid[i]!) {
      store.paid[i] = paid
      store.offers[i] = offer
    }
  }
  if (n === 0) return
  reading.sold[i] = 1
  reading.typical[i] = Math.round(prices.subarray(0, n).sort()[Math.floor(n * TYPICAL_QUANTILE)]! * 100) * quantity
}

/** storeOf is the store an offer names, as first met: its distance, whether in range, and (in range) its first offer's menu freshness. */
function storeOf<O extends PlanOffer>(offer: O, { query, freshByDate, noPrices, noOffers }: Reading<O>): Store<O> {
  const miles = distanceMiles(query.from, { latitude: offer.lat, longitude: offer.lng })
  const inRange = miles <= query.maxMiles
  return {
    slug: offer.slug,
    name: offer.storeName,
    city: offer.city,
    miles,
    inRange,
    lastUpdate: offer.lastUpdate,
    fresh: inRange && isFresh(offer.lastUpdate, query.nowMs, freshByDate),
    rank: -1,
    paid: inRange ? noPrices.slice() : NO_PRICES,
    offers: inRange ? noOffers.slice() : [],
  }
}

/** isFresh tells whether a menu updated at lastUpdate counts (current or stale) at nowMs; each time is parsed once a plan. */
function isFresh(lastUpdate: string | null, nowMs: number, freshByDate: Map<string | null, boolean>): boolean {
  let fresh = freshByDate.get(lastUpdate)
  if (fresh === undefined) freshByDate.set(lastUpdate, (fresh = freshnessOf(lastUpdate, nowMs) !== 'missing'))
  return fresh
}

/** planFrom is a plan's visits, stores nearest first: each item bought where it is cheapest among them (the nearer on a tie). */
function planFrom<O extends PlanOffer>(chosen: Store<O>[], wanted: readonly PlanItem<O>[]): Plan<O> {
  const visits: Visit<O>[] = chosen.map(({ slug, name, city, miles }) => ({ slug, name, city, miles, purchases: [], cents: 0 }))
  const missing: Plan<O>['missing'] = []
  wanted.forEach((item, i) => {
    let at = -1
    chosen.forEach((store, k) => {
      if (store.paid[i] !== NONE && (at < 0 || toCents(store.paid[i]!) < toCents(chosen[at]!.paid[i]!))) at = k
    })
    if (at < 0) return missing.push({ code: item.code, name: item.name })
    const unitCents = toCents(chosen[at]!.paid[i]!)
    const cents = unitCents * item.quantity
    visits[at]!.purchases.push({ code: item.code, name: item.name, quantity: item.quantity, unitCents, cents, offer: chosen[at]!.offers[i]! })
    visits[at]!.cents += cents
  })
  return { visits, cents: visits.reduce((sum, v) => sum + v.cents, 0), covered: wanted.length - missing.length, missing }
}

// Pairs are compared by cost, then by their stores' ranks (nearest first), so ties go the same way whatever the order of search.
const before = (cents: number, a: number, b: number, bestCents: number, best: number[] | null) =>
  cents < bestCents || (cents === bestCents && best !== null && (a < best[0]! || (a === best[0] && b < best[1]!)))

/**
 * Costs is what fullPlans reads: cost[s * I + i], what store s charges for all the packages of
 * item i, in cents (NONE: not there; 0 at every store for an item no store has, which leaves
 * every plan's order as it is); each item's typical cost and their sum; each store's sum of
 * min(cost, typical cost) (under, for fullPlans' bound); and the cheapest single store.
 */
type Costs = { cost: Float64Array; typical: Float64Array; typicalSum: number; under: Float64Array; single: number[] | null; singleCents: number }

/** costMatrix is the Costs of the stores (ranked) for the items, from readOffers' sold and typical costs. */
function costMatrix<O extends PlanOffer>(order: readonly Store<O>[], wanted: readonly PlanItem<O>[], sold: Uint8Array, typical: Float64Array): Costs {
  const S = order.length
  const I = wanted.length
  const quantity = wanted.map((item, i) => (sold[i] === 1 ? item.quantity : 0))
  let typicalSum = 0
  for (let i = 0; i < I; i++) typicalSum += typical[i]!
  const cost = new Float64Array(S * I)
  const under = new Float64Array(S)
  let single: number[] | null = null
  let singleCents = NONE
  for (let s = 0; s < S; s++) {
    const total = rowCosts(order[s]!.paid, quantity, typical, cost, s * I, under, s)
    if (total < singleCents) {
      single = [s]
      singleCents = total
    }
  }
  return { cost, typical, typicalSum, under, single, singleCents }
}

/**
 * rowCosts writes store s's row of costs from its prices paid (cents × quantity, toCents inlined;
 * an item no store has, quantity 0, costs 0) and its share of fullPlans' bound, under[s] =
 * Σ min(cost, typical cost), and returns the row's total (NONE when the store lacks an item some
 * store has).
 */
function rowCosts(
  paid: readonly number[],
  quantity: readonly number[],
  typical: Float64Array,
  cost: Float64Array,
  row: number,
  under: Float64Array,
  s: number,
) {
  let total = 0
  let low = 0
  for (let i = 0; i < quantity.length; i++) {
    const c = quantity[i] === 0 ? 0 : Math.round(paid[i]! * 100) * quantity[i]!
    cost[row + i] = c
    total += c
    low += c < typical[i]! ? c : typical[i]!
  }
  under[s] = low
  return total
}

/** Search is the pair search's best so far: the pair (ranks, nearer first) and its cost, under singleCents. */
type Search = { costs: Costs; S: number; I: number; byBound: number[]; pair: number[] | null; pairCents: number }

/**
 * fullPlans finds the cheapest store with all I items (costMatrix's) and the cheapest pair, when
 * cheaper than that store.
 *
 * The pair search is exact with pruning that never drops a pair that could win. Its bound: for
 * any threshold t, min(a, b) ≥ min(a, t) + min(b, t) − t (equal when t lies between a and b), so
 * a pair costs at least under[x] + under[y] − Σt, where under[s] is Σ min(cost, t) over the items,
 * with t each item's typical cost. Stores are tried by under, lowest first: a store's later
 * partners have larger bounds, so the search leaves a store's partners, and then the stores, at
 * the first whose bound is over the best plan so far. A pair's items are added one by one onto
 * the bound, trading each item's share of the bound for its cost, and left as soon as that
 * running bound goes over: what is left is the pair's exact cost.
 */
function fullPlans(costs: Costs, S: number, I: number) {
  const { under, typicalSum, single, singleCents } = costs
  const byBound = Array.from({ length: S }, (_, a) => a).sort((x, y) => under[x]! - under[y]! || x - y)
  const search: Search = { costs, S, I, byBound, pair: null, pairCents: NONE }
  for (let p = 0; p < S; p++) {
    // Every pair of this store with a later one costs at least this.
    const bound = 2 * under[byBound[p]!]! - typicalSum
    if (bound >= singleCents || bound > search.pairCents) break
    bestPartner(search, p)
  }
  return { single, singleCents, pair: search.pair, pairCents: search.pairCents }
}

/** bestPartner tries the store at byBound[p] with each later one, keeping the best pair in search. */
function bestPartner(search: Search, p: number) {
  const { costs, S, I, byBound } = search
  const { under, typicalSum, singleCents } = costs
  const x = byBound[p]!
  for (let q = p + 1; q < S; q++) {
    const y = byBound[q]!
    const bound = under[x]! + under[y]! - typicalSum
    if (bound >= singleCents || bound > search.pairCents) break
    const cents = pairCents(costs, x * I, y * I, I, bound, search.pairCents)
    const a = x < y ? x : y
    const b = x < y ? y : x
    if (cents !== NONE && before(cents, a, b, search.pairCents, search.pair)) {
      search.pair = [a, b]
      search.pairCents = cents
    }
  }
}

/**
 * pairCents is what the pair of rows rowX and rowY costs, or NONE as soon as it cannot win: when
 * its running bound (see fullPlans) goes over limit, or reaches the cheapest single store.
 */
function pairCents({ cost, typical, singleCents }: Costs, rowX: number, rowY: number, I: number, bound: number, limit: number) {
  for (let i = 0; i < I; i++) {
    const cx = cost[rowX + i]!
    const cy = cost[rowY + i]!
    const t = typical[i]!
    bound += (cx <= cy ? cx : cy) - (cx < t ? cx : t) - (cy < t ? cy : t) + t
    if (bound >= singleCents || bound > limit) return NONE
  }
  return bound
}

/** mostCovered is the one or two stores covering the most items, cheapest among those, nearest on a tie: every store and pair, enumerated. */
function mostCovered(cost: Float64Array, S: number, J: number): number[] | null {
  let most: number[] | null = null
  let mostItems = 0
  let mostCents = NONE
  for (let a = 0; a < S; a++) {
    let covered = 0
    let cents = 0
    for (let j = 0; j < J; j++) {
      const c = cost[a * J + j]!
      if (c !== NONE) {
        covered++
        cents += c
      }
    }
    if (covered > mostItems || (covered === mostItems && cents < mostCents)) {
      most = [a]
      mostItems = covered
      mostCents = cents
    }
  }
  for (let a = 0; a < S; a++) {
    for (let b = a + 1; b < S; b++) {
      let covered = 0
      let cents = 0
      for (let j = 0; j < J; j++) {
        const x = cost[a * J + j]!
        const y = cost[b * J + j]!
        const c = x <= y ? x : y
        if (c !== NONE) {
          covered++
          cents += c
        }
      }
      if (covered > mostItems || (covered === mostItems && cents < mostCents)) {
        most = [a, b]
        mostItems = covered
        mostCents = cents
      }
    }
  }
  return most
}

/** PlanTax is a plan's cost with tax: each store's share and the total, in cents; unknown names the stores whose rate is not known. */
export type PlanTax = { visits: (number | null)[]; cents: number | null; unknown: string[] }

/**
 * planWithTax is about what a plan comes to at the counter: each store's share with the market's
 * taxes at that store's county rate (src/lib/tax.ts, the same figure as "≈ $X with tax" beside every
 * price), to the cent, and their sum. rateAt gives a store's sales tax rate (null: unknown); the
 * total is null when any store's rate is unknown, since a part cannot stand for the whole. The plan
 * itself is chosen on menu prices: the tax never changes which store is cheapest by more than the
 * counties' difference in rate, and the menus' prices are what the stores promise.
 */
export function planWithTax(plan: Pick<Plan, 'visits'>, market: Market, rateAt: (slug: string) => number | null): PlanTax {
  const visits = plan.visits.map((v) => {
    const dollars = withTax(v.cents / 100, market, rateAt(v.slug))
    return dollars === null ? null : toCents(dollars)
  })
  const unknown = plan.visits.filter((_, i) => visits[i] === null).map((v) => v.name)
  return { visits, cents: unknown.length > 0 ? null : visits.reduce<number>((sum, c) => sum + (c ?? 0), 0), unknown }
}
