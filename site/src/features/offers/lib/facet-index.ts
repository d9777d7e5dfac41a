import type { FacetCounts, FacetFilters, FacetOffer, PotencyUnit } from './facets'
import { runSteps, sortSteps, type SlicedJob, type Steps } from '@/lib/sliced-work'

// An index of a list of offers by every filter with counts, built once per list (one per
// snapshot and query) and unit, so that a filter change neither re-walks the offers nor calls
// a function per offer: each chosen filter becomes a bitset of the offers it keeps (set from
// the index's lists of offers per option, or from the offers sorted by a range's value), the
// results are the offers in the AND of those bitsets, and each facet's options are counted
// over the AND of the other facets' bitsets, the offers an option of that facet would leave.
// That is the counting rule of facets.ts (an offer failing no filter counts for every facet,
// one failing only one counts for that facet), with typed arrays in place of closures:
// counting Ohio's ~40,000 flower offers that way took most of a filter change at 4x CPU
// slowdown (npm run bench:menus).

/** Bits is a bitset over a list's offers, 32 to a word, bit i of word i >>> 5 for offer i. */
export type Bits = Uint32Array

/** OptionFacet indexes a facet whose options are strings (brand, strain type, size, terpene). */
type OptionFacet = {
  values: string[]
  /** ids is each value's number. */
  ids: Map<string, number>
  /** postings are, per value, the offers that have it, in list order. */
  postings: Int32Array[]
  /** start and flat list each offer's values: flat[start[i]] to flat[start[i + 1]] (an offer has at most one but for terpenes). */
  start: Int32Array
  flat: Int32Array
  /** totals are the counts of every value when no other facet is chosen. */
  totals: Map<string, number>
}

/** RangeFacet indexes a facet chosen by bounds (THC, CBD, price paid). */
type RangeFacet = {
  /** sorted are the offers' values from the lowest, NaN last (as a Float64Array sorts them); offers without one are left out. */
  sorted: Float64Array
  /** order is the offer of each sorted value. */
  order: Int32Array
  /** comparable is how many of sorted are numbers (not NaN): the ones a bound can keep. */
  comparable: number
}

/** FacetIndex is a list of offers indexed for one potency unit. */
export type FacetIndex = {
  size: number
  brand: OptionFacet
  strainType: OptionFacet
  sizeKey: OptionFacet
  terpene: OptionFacet
  thc: RangeFacet
  cbd: RangeFacet
  price: RangeFacet
  sale: Bits
  isNew: Bits
}

const wordsFor = (n: number) => (n + 31) >>> 5
/** setBit sets offer i in bits. */
export const setBit = (bits: Bits, i: number) => (bits[i >>> 5]! |= 1 << (i & 31))
/** emptyBits is a bitset of none of n offers. */
export const emptyBits = (n: number): Bits => new Uint32Array(wordsFor(n))
/** hasBit says whether bits has offer i. */
export const hasBit = (bits: Bits, i: number) => (bits[i >>> 5]! & (1 << (i & 31))) !== 0

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/** forEachBit calls visit with each offer set in bits, in list order. */
export function forEachBit(bits: Bits, visit: (i: number) => void) {
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!
    while (word !== 0) {
      const low = word & -word
      visit((w << 5) + 31 - Math.clz32(low))
      word ^= low
    }
  }
}

/** INDEX_STEP is how many offers facetIndexSteps reads between two steps. */
const INDEX_STEP = 1_000

function* optionFacet(n: number, valuesOf: (i: number) => readonly string[] | string | null): Steps<OptionFacet> {
  const ids = new Map<string, number>()
  const values: string[] = []
  const start = new Int32Array(n + 1)
  const flat: number[] = []
  const lists: number[][] = []
  const add = (value: string, i: number) => {
    let id = ids.get(value)
    if (id === undefined) {
      ids.set(value, (id = values.length))
      values.push(value)
      lists.push([])
    }
    flat.push(id)
    lists[id]!.push(i)
  }
  for (let i = 0; i < n; i++) {
    const v = valuesOf(i)
    if (typeof v === 'string') add(v, i)
    else if (v !== null) for (const value of v) add(value, i)
    start[i + 1] = flat.length
    if (i % INDEX_STEP === INDEX_STEP - 1) yield
  }
  const totals = new Map(values.map((value, id) => [value, lists[id]!.length]))
  return { values, ids, postings: lists.map((l) => Int32Array.from(l)), start, flat: Int32Array.from(flat), totals }
}

function* rangeFacet(n: number, valueOf: (i: number) => number | null): Steps<RangeFacet> {
  // The offers with a number, then those whose figure is NaN (last, like Float64Array's own sort).
  const offers: number[] = []
  const nans: number[] = []
  const values = new Float64Array(n).fill(NaN)
  for (let i = 0; i < n; i++) {
    const v = valueOf(i)
    if (v !== null) {
      values[i] = v
      ;(Number.isNaN(v) ? nans : offers).push(i)
    }
    if (i % INDEX_STEP === INDEX_STEP - 1) yield
  }
  // A stable sort: ties stay in list order.
  const order = yield* sortSteps(offers, (a, b) => values[a]! - values[b]!)
  for (const i of nans) order.push(i)
  return { sorted: Float64Array.from(order, (i) => values[i]!), order: Int32Array.from(order), comparable: offers.length }
}

function* bitsOf(n: number, keep: (i: number) => boolean): Steps<Bits> {
  const bits = new Uint32Array(wordsFor(n))
  for (let i = 0; i < n; i++) {
    if (keep(i)) setBit(bits, i)
    if (i % INDEX_STEP === INDEX_STEP - 1) yield
  }
  return bits
}

/** buildFacetIndex indexes offers; unitOf is the unit of an offer's THC and CBD figures, compared with unit. */
export function buildFacetIndex(offers: readonly FacetOffer[], unit: PotencyUnit, unitOf: (o: FacetOffer) => string): FacetIndex {
  return runSteps(facetIndexSteps(offers, unit, unitOf))
}

/** facetIndexSteps is buildFacetIndex in steps (lib/sliced-work.ts). */
export function* facetIndexSteps(offers: readonly FacetOffer[], unit: PotencyUnit, unitOf: (o: FacetOffer) => string): Steps<FacetIndex> {
  const n = offers.length
  const potency = (i: number, v: number | null) => (unitOf(offers[i]!) === unit ? v : null)
  return {
    size: n,
    brand: yield* optionFacet(n, (i) => offers[i]!.brand),
    strainType: yield* optionFacet(n, (i) => offers[i]!.strainType),
    sizeKey: yield* optionFacet(n, (i) => offers[i]!.sizeKey),
    terpene: yield* optionFacet(n, (i) => offers[i]!.terpenes),
    thc: yield* rangeFacet(n, (i) => potency(i, offers[i]!.thc)),
    cbd: yield* rangeFacet(n, (i) => potency(i, offers[i]!.cbd)),
    price: yield* rangeFacet(n, (i) => offers[i]!.paid),
    sale: yield* bitsOf(n, (i) => offers[i]!.salePrice !== null),
    isNew: yield* bitsOf(n, (i) => offers[i]!.isNew),
  }
}

// One index per list of offers (while the list lives) and unit.
const indexes = new WeakMap<readonly FacetOffer[], Map<PotencyUnit, FacetIndex>>()

/** facetIndexOf is offers' index for unit, built on first use. */
export function facetIndexOf(offers: readonly FacetOffer[], unit: PotencyUnit, unitOf: (o: FacetOffer) => string): FacetIndex {
  return keptIndex(offers, unit) ?? keepIndex(offers, unit, buildFacetIndex(offers, unit, unitOf))
}

const keptIndex = (offers: readonly FacetOffer[], unit: PotencyUnit) => indexes.get(offers)?.get(unit)

function keepIndex(offers: readonly FacetOffer[], unit: PotencyUnit, index: FacetIndex): FacetIndex {
  let byUnit = indexes.get(offers)
  if (!byUnit) indexes.set(offers, (byUnit = new Map()))
  byUnit.set(unit, index)
  return index
}

/** INDEX_AT_ONCE: an index of at most this many offers (a store's menu, a small region) is built at once, a larger one in slices. */
const INDEX_AT_ONCE = 2_000

/** facetIndexJob is offers' index for unit as a screen waits for it (useSliced): at once when kept or small, else built in slices and kept. */
export function facetIndexJob(offers: readonly FacetOffer[], unit: PotencyUnit, unitOf: (o: FacetOffer) => string): SlicedJob<FacetIndex> {
  const done = keptIndex(offers, unit) ?? (offers.length <= INDEX_AT_ONCE ? facetIndexOf(offers, unit, unitOf) : undefined)
  return { done, steps: () => facetIndexSteps(offers, unit, unitOf), finished: (index) => void keepIndex(offers, unit, index) }
}

function optionBits(n: number, facet: OptionFacet, chosen: readonly string[]): Bits {
  const bits = new Uint32Array(wordsFor(n))
  for (const value of chosen) {
    const id = facet.ids.get(value)
    if (id !== undefined) for (const i of facet.postings[id]!) setBit(bits, i)
  }
  return bits
}

/** firstAtLeast is the index of the first of sorted[0, end) at least (or, after, above) bound. */
function firstAtLeast(sorted: Float64Array, end: number, bound: number, after: boolean): number {
  let lo = 0
  let hi = end
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (after ? sorted[mid]! <= bound : sorted[mid]! < bound) lo = mid + 1
    else hi = mid
  }
  return lo
}

function rangeBits(n: number, facet: RangeFacet, min: number | null, max: number | null): Bits {
  const bits = new Uint32Array(wordsFor(n))
  const from = min === null ? 0 : firstAtLeast(facet.sorted, facet.comparable, min, false)
  const to = max === null ? facet.comparable : firstAtLeast(facet.sorted, facet.comparable, max, true)
  for (let k = from; k < to; k++) setBit(bits, facet.order[k]!)
  return bits
}

/** FACETS are the facets in the order they are checked; each chosen one has a bitset of what it keeps. */
const FACETS = ['brand', 'strainType', 'size', 'terpene', 'thc', 'cbd', 'price', 'sale', 'new'] as const
type Facet = (typeof FACETS)[number]

/** chosenBits is, for each facet chosen in f, the offers it keeps (null for a facet not chosen). */
function chosenBits(index: FacetIndex, f: FacetFilters): (Bits | null)[] {
  const n = index.size
  const chosen: Record<Facet, Bits | null> = {
    brand: f.brands.length ? optionBits(n, index.brand, f.brands) : null,
    strainType: f.strainTypes.length ? optionBits(n, index.strainType, f.strainTypes) : null,
    size: f.sizes.length ? optionBits(n, index.sizeKey, f.sizes) : null,
    terpene: f.terpenes.length ? optionBits(n, index.terpene, f.terpenes) : null,
    thc: f.thcMin !== null || f.thcMax !== null ? rangeBits(n, index.thc, f.thcMin, f.thcMax) : null,
    cbd: f.cbdMin !== null ? rangeBits(n, index.cbd, f.cbdMin, null) : null,
    price: f.priceMin !== null || f.priceMax !== null ? rangeBits(n, index.price, f.priceMin, f.priceMax) : null,
    sale: f.saleOnly ? index.sale : null,
    new: f.newOnly ? index.isNew : null,
  }
  return FACETS.map((facet) => chosen[facet])
}

/** and is the AND of bitsets (null when there are none: every offer). */
function and(sets: readonly (Bits | null)[]): Bits | null {
  let out: Bits | null = null
  for (const bits of sets) {
    if (bits === null) continue
    if (out === null) out = bits.slice()
    else for (let w = 0; w < out.length; w++) out[w]! &= bits[w]!
  }
  return out
}

/**
 * keepIndexed is keepFacets over the index: the offers every chosen filter keeps, in their order
 * (offers itself when none is chosen). base, when given, is the offers of the list the filters
 * before these kept (the deals, freshness and text filters): a search of a few letters then
 * narrows the list's own index rather than indexing what it kept.
 */
export function keepIndexed<T extends FacetOffer>(offers: readonly T[], index: FacetIndex, f: FacetFilters, base: Bits | null = null): T[] {
  const all = and([...chosenBits(index, f), base])
  if (all === null) return offers as T[]
  const kept: T[] = []
  forEachBit(all, (i) => kept.push(offers[i]!))
  return kept
}

function countOptions(facet: OptionFacet, others: Bits | null): Map<string, number> {
  if (others === null) return new Map(facet.totals)
  const counts = new Int32Array(facet.values.length)
  forEachBit(others, (i) => {
    for (let k = facet.start[i]!; k < facet.start[i + 1]!; k++) counts[facet.flat[k]!]!++
  })
  const out = new Map<string, number>()
  facet.values.forEach((value, id) => counts[id]! > 0 && out.set(value, counts[id]!))
  return out
}

function rangeValues(facet: RangeFacet, others: Bits | null): Float64Array {
  if (others === null) return facet.sorted.slice()
  const values: number[] = []
  for (let k = 0; k < facet.order.length; k++) if (hasBit(others, facet.order[k]!)) values.push(facet.sorted[k]!)
  return Float64Array.from(values)
}

function countBits(bits: Bits, others: Bits | null): number {
  let count = 0
  for (let w = 0; w < bits.length; w++) count += popcount(others === null ? bits[w]! : bits[w]! & others[w]!)
  return count
}

/**
 * countIndexed is countFacets over the index: each facet's options counted over the offers the
 * other chosen filters keep (and base keeps, when given: see keepIndexed).
 */
export function countIndexed(index: FacetIndex, f: FacetFilters, base: Bits | null = null): FacetCounts {
  const chosen = chosenBits(index, f)
  // others(k): the AND of every chosen facet's bitset but k's, from the ANDs before and after k.
  const before: (Bits | null)[] = [null]
  for (let k = 0; k < chosen.length; k++) before.push(and([before[k] ?? null, chosen[k] ?? null]))
  const after: (Bits | null)[] = new Array<Bits | null>(chosen.length + 1).fill(null)
  for (let k = chosen.length - 1; k >= 0; k--) after[k] = and([after[k + 1] ?? null, chosen[k] ?? null])
  const others = (facet: Facet) => {
    const k = FACETS.indexOf(facet)
    return and([before[k] ?? null, after[k + 1] ?? null, base])
  }
  return {
    brand: countOptions(index.brand, others('brand')),
    strainType: countOptions(index.strainType, others('strainType')),
    size: countOptions(index.sizeKey, others('size')),
    terpene: countOptions(index.terpene, others('terpene')),
    thc: rangeValues(index.thc, others('thc')),
    cbd: rangeValues(index.cbd, others('cbd')),
    price: rangeValues(index.price, others('price')),
    sale: countBits(index.sale, others('sale')),
    new: countBits(index.isNew, others('new')),
  }
}
