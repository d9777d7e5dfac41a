import type { Market, ProductOffer } from '../../../api/common-schemas'
import { freshnessOf } from '../../../lib/freshness'
import { distanceMiles, type Coordinates } from '../../../lib/geo'
import { pricePaid } from '../../../lib/unit-price'

// Where to buy a basket cheapest, in one stop or two: pure, so the plans are
// unit-tested against baskets worked out by hand and benchmarked
// (scripts/bench-basket.mjs).
//
// What was chosen, and why it is exact: a store sells each product at one price
// per market (a product file has one offer per store and market), so a store's
// cost for an item is fixed, and in a plan of two stores each item is bought
// where it is cheaper. The planner therefore builds a matrix of each store's
// cost for each item (in cents, so ties are exact) and enumerates every store
// alone and every pair of stores, taking the per-item minimum:
// O(S² · I) = 300² / 2 pairs × 25 items ≈ 1.1 M steps at Ohio's size (the
// issue's ceiling: 25 items, 300 stores), a few milliseconds; no heuristic, so
// no cheaper single store or pair can be missed. Plans of three stores or more
// are not searched: the issue asks for one stop or two.
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
  wanted.forEach((item, i) => {
    for (const offer of item.offers) {
      if (offer.market !== query.market || offer.inStock === false) continue
      if (freshnessOf(offer.lastUpdate, query.nowMs) === 'missing') continue
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

  // One pass over every store and every pair. full*: cheapest covering all; most*: most covered, then cheapest.
  let fullSingle = -1
  let fullSingleCents = NONE
  let fullPair: [number, number] | null = null
  let fullPairCents = NONE
  let most: [number, number] | null = null // [a, b], b = -1 for a single store
  let mostCovered = 0
  let mostCents = NONE
  for (let a = 0; a < S; a++) {
    let covered = 0
    let cents = 0
    for (let i = 0; i < I; i++) {
      const c = cost[a * I + i]!
      if (c !== NONE) {
        covered++
        cents += c
      }
    }
    if (covered === I && cents < fullSingleCents) {
      fullSingle = a
      fullSingleCents = cents
    }
    if (covered > mostCovered || (covered === mostCovered && cents < mostCents)) {
      most = [a, -1]
      mostCovered = covered
      mostCents = cents
    }
  }
  for (let a = 0; a < S; a++) {
    const rowA = a * I
    for (let b = a + 1; b < S; b++) {
      const rowB = b * I
      let covered = 0
      let cents = 0
      for (let i = 0; i < I; i++) {
        const x = cost[rowA + i]!
        const y = cost[rowB + i]!
        const c = x <= y ? x : y
        if (c !== NONE) {
          covered++
          cents += c
        }
      }
      if (covered === I) {
        if (cents < fullPairCents) {
          fullPair = [a, b]
          fullPairCents = cents
        }
      } else if (covered > mostCovered || (covered === mostCovered && cents < mostCents)) {
        most = [a, b]
        mostCovered = covered
        mostCents = cents
      }
    }
  }

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

  const single = fullSingle >= 0 ? planOf([fullSingle]) : null
  const pair =
    fullPair && fullPairCents < fullSingleCents ? { ...planOf(fullPair), savingCents: single ? fullSingleCents - fullPairCents : null } : null
  const partial = !single && !pair && most && I > 0 ? planOf(most[1] < 0 ? [most[0]] : most) : null
  return { stores: S, single, pair, partial, nowhere }
}
