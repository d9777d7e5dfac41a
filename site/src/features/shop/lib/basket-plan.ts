import type { Market, ProductOffer } from '../../../api/common-schemas'
import { freshnessOf } from '../../../lib/freshness'
import { distanceMiles, type Coordinates } from '../../../lib/geo'
import { withTax } from '../../../lib/tax'
import { pricePaid } from '../../../lib/unit-price'

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
// search prunes only pairs that provably cannot win (a lower bound per store,
// see fullPlans), so it stays exact; when no one or two stores have every item
// some store has, the plan covering most is a plain enumeration of every pair.
// Plans of three stores or more are not searched: the issue asks for one stop
// or two. scripts/bench-basket.mjs times it in Chromium at 4× CPU slowdown.
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

type Store = { slug: string; name: string; city: string; miles: number }

// The unreachable cost: an item the store does not have.
const NONE = Infinity

/** planBasket finds the cheapest single store, the cheapest pair of stores and, failing both, the plan covering most. */
export function planBasket<O extends PlanOffer>(items: readonly PlanItem<O>[], query: PlanQuery): BasketPlan<O> {
  const wanted = items.filter((i) => i.quantity > 0)
  const I = wanted.length
  // The stores in range with something of the basket, and each one's cheapest usable offer per item.
  const stores = new Map<string, Store>()
  const best = new Map<string, (O | undefined)[]>()
  const inRange = new Map<string, boolean>()
  // A store's menus share a handful of update times: each read once.
  const freshByDate = new Map<string | null, boolean>()
  wanted.forEach((item, i) => {
    for (const offer of item.offers) {
      if (offer.market !== query.market || offer.inStock === false) continue
      let fresh = freshByDate.get(offer.lastUpdate)
      if (fresh === undefined) freshByDate.set(offer.lastUpdate, (fresh = freshnessOf(offer.lastUpdate, query.nowMs) !== 'missing'))
      if (!fresh) continue
      let ok = inRange.get(offer.slug)
      if (ok === undefined) {
        const miles = distanceMiles(query.from, { latitude: offer.lat, longitude: offer.lng })
        ok = miles <= query.maxMiles
        inRange.set(offer.slug, ok)
        if (ok) {
          stores.set(offer.slug, { slug: offer.slug, name: offer.storeName, city: offer.city, miles })
          best.set(offer.slug, new Array(I))
        }
      }
      if (!ok) continue
      const row = best.get(offer.slug)!
      const held = row[i]
      if (!held || pricePaid(offer.price, offer.salePrice) < pricePaid(held.price, held.salePrice)) row[i] = offer
    }
  })
  const order = [...stores.values()].sort((a, b) => a.miles - b.miles || a.name.localeCompare(b.name) || (a.slug < b.slug ? -1 : 1))
  const S = order.length
  // cost[s * I + i]: what store s charges for all the packages of item i, in cents (NONE: not there).
  const cost = new Float64Array(S * I).fill(NONE)
  order.forEach((store, s) => {
    best.get(store.slug)!.forEach((offer, i) => {
      if (offer) cost[s * I + i] = toCents(pricePaid(offer.price, offer.salePrice)) * wanted[i]!.quantity
    })
  })
  const nowhere = wanted.filter((_, i) => order.every((_, s) => cost[s * I + i] === NONE)).map(({ code, name }) => ({ code, name }))

  // The items some store has: a plan covering all of them is the best there is.
  const somewhere = wanted.flatMap((item, i) => (nowhere.some((n) => n.code === item.code) ? [] : [i]))
  const J = somewhere.length
  const sub = new Float64Array(S * J)
  for (let s = 0; s < S; s++) for (let j = 0; j < J; j++) sub[s * J + j] = cost[s * I + somewhere[j]!]!
  const full = fullPlans(sub, S, J)
  let single: number[] | null = null
  let pair: number[] | null = null
  let most: number[] | null = null
  if (J === I) {
    single = full.single
    pair = full.pair
  } else if (J > 0) {
    // Something is nowhere: the partial plan is the cheaper full plan of the rest, one store on a tie.
    most = full.pair && (!full.single || full.pairCents < full.singleCents) ? full.pair : full.single
  }
  // No one or two stores have all the items some store has: the plan covering most, by plain enumeration.
  if (!single && !pair && !most && J > 0) most = mostCovered(sub, S, J)

  // A plan's visits: each item bought where it is cheapest among the plan's stores (the nearer on a tie).
  const planOf = (chosen: number[]): Plan<O> => {
    const visits: Visit<O>[] = chosen.map((s) => ({ ...order[s]!, purchases: [], cents: 0 }))
    const missing: Plan<O>['missing'] = []
    wanted.forEach((item, i) => {
      let at = -1
      chosen.forEach((s, k) => {
        if (cost[s * I + i] !== NONE && (at < 0 || cost[s * I + i]! < cost[chosen[at]! * I + i]!)) at = k
      })
      if (at < 0) return missing.push({ code: item.code, name: item.name })
      const offer = best.get(order[chosen[at]!]!.slug)![i]!
      const unitCents = toCents(pricePaid(offer.price, offer.salePrice))
      const cents = cost[chosen[at]! * I + i]!
      visits[at]!.purchases.push({ code: item.code, name: item.name, quantity: item.quantity, unitCents, cents, offer })
      visits[at]!.cents += cents
    })
    return { visits, cents: visits.reduce((sum, v) => sum + v.cents, 0), covered: I - missing.length, missing }
  }

  const singlePlan = single ? planOf(single) : null
  const pairPlan = pair ? { ...planOf(pair), savingCents: single ? full.singleCents - full.pairCents : null } : null
  const partial = most ? planOf(most) : null
  return { stores: S, single: singlePlan, pair: pairPlan, partial, nowhere }
}

// Pairs are compared by cost, then by their stores' ranks (nearest first), so ties go the same way whatever the order of search.
const before = (cents: number, a: number, b: number, bestCents: number, best: number[] | null) =>
  cents < bestCents || (cents === bestCents && best !== null && (a < best[0]! || (a === best[0] && b < best[1]!)))

/**
 * fullPlans finds the cheapest store with all J items and the cheapest pair, when cheaper than
 * that store. cost is S rows of J costs (cents; NONE: not sold). The pair search is exact with
 * pruning that never drops a pair that could win: stores are tried by their lower bound (each
 * item at the cheaper of the store and the cheapest anywhere, a bound no pair with the store
 * can beat), and a pair is abandoned as soon as it lacks an item or its running cost plus the
 * bound of the items left goes over the best plan so far.
 */
function fullPlans(cost: Float64Array, S: number, J: number) {
  let single: number[] | null = null
  let singleCents = NONE
  for (let a = 0; a < S; a++) {
    let cents = 0
    for (let j = 0; j < J && cents !== NONE; j++) cents += cost[a * J + j]!
    if (cents < singleCents) {
      single = [a]
      singleCents = cents
    }
  }
  const cheapest = new Float64Array(J).fill(NONE)
  for (let a = 0; a < S; a++) for (let j = 0; j < J; j++) cheapest[j] = Math.min(cheapest[j]!, cost[a * J + j]!)
  // rest[a * (J + 1) + j]: the bound of items j… with store a, Σ min(cost, cheapest anywhere).
  const rest = new Float64Array(S * (J + 1))
  for (let a = 0; a < S; a++)
    for (let j = J - 1; j >= 0; j--) rest[a * (J + 1) + j] = rest[a * (J + 1) + j + 1]! + Math.min(cost[a * J + j]!, cheapest[j]!)
  const byBound = Array.from({ length: S }, (_, a) => a).sort((x, y) => rest[x * (J + 1)]! - rest[y * (J + 1)]! || x - y)
  let pair: number[] | null = null
  let pairCents = NONE
  for (let p = 0; p < S; p++) {
    const x = byBound[p]!
    const boundX = rest[x * (J + 1)]!
    // A pair with x costs at least boundX, and the later stores' pairs at least their own, larger, bounds.
    if (boundX >= singleCents || boundX > pairCents) break
    for (let q = p + 1; q < S; q++) {
      const y = byBound[q]!
      const [a, b] = x < y ? [x, y] : [y, x]
      const rowA = a * J
      const rowB = b * J
      const restX = x * (J + 1)
      let cents = 0
      let j = 0
      for (; j < J; j++) {
        const ca = cost[rowA + j]!
        const cb = cost[rowB + j]!
        cents += ca <= cb ? ca : cb
        if (cents === NONE || cents + rest[restX + j + 1]! > pairCents || cents + rest[restX + j + 1]! >= singleCents) break
      }
      if (j === J && cents < singleCents && before(cents, a, b, pairCents, pair)) {
        pair = [a, b]
        pairCents = cents
      }
    }
  }
  return { single, singleCents, pair, pairCents }
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
