import type { Category } from '@/api/common-schemas'
import { countIndexed, facetIndexJob, facetIndexOf, forEachBit, keepIndexed, type Bits, type FacetIndex } from './facet-index'
import type { SlicedJob } from '@/lib/sliced-work'
import type { SearchFacets } from '../api/shop-schemas'

// The filters shoppers of Jane and Dutchie menus know (brand, strain type, THC and
// CBD, size, price, terpene, on sale, new), each option with the number of offers it
// would leave given the other filters: an offer that fails no filter counts for
// every facet, one that fails exactly one counts for that facet's options only
// (choosing another option there could bring it back), one that fails two counts
// nowhere. The offers are indexed once per list (facet-index.ts): a filter change
// intersects the index's bitsets rather than checking every offer again.

export const STRAIN_TYPES = ['indica', 'sativa', 'hybrid'] as const
export type StrainType = (typeof STRAIN_TYPES)[number]

/** FacetOffer is what the filters read of an offer (a Menus search offer or a store page's). */
export type FacetOffer = {
  category: Category
  brand: string | null
  strainType: StrainType | null
  /** sizeKey is the offer's size as shoppers say it (sizeBucket's key), null when its amount is unknown. */
  sizeKey: string | null
  /** terpenes are terpene slugs (api/terpenes/<slug>). */
  terpenes: readonly string[]
  thc: number | null
  cbd: number | null
  potencyUnit: string | null
  paid: number
  salePrice: number | null
  isNew: boolean
}

/** FacetFilters are the filters with counts, as the URL carries them (search-state.ts). */
export type FacetFilters = {
  brands: string[]
  strainTypes: StrainType[]
  sizes: string[]
  terpenes: string[]
  /** thcMin and thcMax bound THC in the search's potency unit (% or, for edibles, mg). */
  thcMin: number | null
  thcMax: number | null
  cbdMin: number | null
  priceMin: number | null
  priceMax: number | null
  saleOnly: boolean
  newOnly: boolean
}

export const NO_FACETS: FacetFilters = {
  brands: [],
  strainTypes: [],
  sizes: [],
  terpenes: [],
  thcMin: null,
  thcMax: null,
  cbdMin: null,
  priceMin: null,
  priceMax: null,
  saleOnly: false,
  newOnly: false,
}

/** PotencyUnit is the unit THC and CBD filters compare in: per cent, or mg for edibles. */
export type PotencyUnit = '%' | 'mg'

/** potencyUnitFor is the unit a product type's potency is filtered in. */
export const potencyUnitFor = (category: string | null): PotencyUnit => (category === 'Edible' ? 'mg' : '%')

/** THRESHOLDS are the bounds the range filters offer (each with its count). */
export const THRESHOLDS = {
  thc: { '%': [10, 15, 20, 25, 30, 35, 50, 70, 80, 90], mg: [5, 10, 50, 100, 200, 500, 1000] },
  cbd: { '%': [0.1, 1, 5, 10, 20], mg: [1, 5, 10, 50, 100] },
  price: [10, 20, 30, 40, 50, 75, 100, 150, 200],
} as const

// Sizes as shoppers say them, with the weights menus give for them: 3.5 g is an
// eighth though an ounce's eighth is 3.54 g.
const GRAM_SIZES: readonly [grams: number, label: string][] = [
  [0.5, '½ g'],
  [1, '1 g'],
  [2, '2 g'],
  [3.5, '⅛ oz'],
  [7, '¼ oz'],
  [14, '½ oz'],
  [28, '1 oz'],
]
// A weight within 4% of a common size is that size (3.54 g, 28.35 g, 0.49 g).
const SIZE_TOLERANCE = 0.04

const trim = (n: number) => String(Math.round(n * 100) / 100)

/**
 * sizeBucket is an amount as shoppers say it, as a key for the URL ("3.5g",
 * "100mg"): the weight for everything but edibles, rounded to the common size
 * it is (⅛ oz for 3.5 g or 3.54 g), an edible's THC in mg; null when the menu
 * gave no amount.
 */
export function sizeBucket(category: Category, grams: number | null, mg: number | null): string | null {
  if (category !== 'Edible' && grams !== null && grams > 0) {
    const common = GRAM_SIZES.find(([g]) => Math.abs(grams - g) <= g * SIZE_TOLERANCE)
    return `${trim(common ? common[0] : grams)}g`
  }
  if (mg !== null && mg > 0) return `${Math.round(mg)}mg`
  if (grams !== null && grams > 0) return `${trim(grams)}g`
  return null
}

const SIZE_KEY = /^(\d+(?:\.\d+)?)(g|mg)$/

/** isSizeKey tells a sizeBucket key from anything else (a hand-edited URL). */
export const isSizeKey = (key: string) => SIZE_KEY.test(key)

/** sizeLabel says a sizeBucket key as shoppers do: "⅛ oz", "1.25 g", "100 mg". */
export function sizeLabel(key: string): string {
  const m = SIZE_KEY.exec(key)
  if (!m) return key
  const amount = Number(m[1])
  if (m[2] === 'mg') return `${amount} mg`
  return GRAM_SIZES.find(([g]) => g === amount)?.[1] ?? `${amount} g`
}

/** sizeOrder orders sizeBucket keys: weights from the lightest, then doses. */
export function sizeOrder(a: string, b: string): number {
  const rank = (key: string) => {
    const m = SIZE_KEY.exec(key)
    return m ? Number(m[1]) + (m[2] === 'mg' ? 1e6 : 0) : Infinity
  }
  return rank(a) - rank(b)
}

/** FacetCounts are, for each option, how many offers it would leave given the other filters. */
export type FacetCounts = {
  brand: Map<string, number>
  strainType: Map<string, number>
  size: Map<string, number>
  terpene: Map<string, number>
  /**
   * thc, cbd and price are the values of the offers the other filters leave, sorted from the
   * lowest, so that each option of a range is counted by two binary searches (countInRange):
   * the form shows about 40 of them, and counted by a pass over Ohio's ~40,000 flower offers
   * each they took most of a filter change's 100 ms at 4x CPU slowdown.
   */
  thc: Float64Array
  cbd: Float64Array
  price: Float64Array
  sale: number
  new: number
}

/**
 * OptionCounts are FacetCounts that may lack the ranges' values (THC, CBD, price): those of
 * publish's counts (publishedCounts), whose range options show no count until the site's own.
 */
export type OptionCounts = Omit<FacetCounts, 'thc' | 'cbd' | 'price'> & Partial<Pick<FacetCounts, 'thc' | 'cbd' | 'price'>>

/**
 * publishedCounts are publish's counts of a search (a first page's facets, publish/SNAPSHOTS.md) of category with no filter chosen as the
 * filters show counts: the same as countFacets' over the search's offers (a test holds them
 * to it), each size read as the site reads a product's (sizeBucket). They stand in until the
 * site has loaded and counted the whole search, so that the filters' options are there from
 * the first paint and nothing below them moves when the counts come.
 */
export function publishedCounts(facets: SearchFacets, category: Category): OptionCounts {
  const size = new Map<string, number>()
  for (const [grams, mg, count] of facets.size) {
    const key = sizeBucket(category, grams, mg)
    if (key !== null) size.set(key, (size.get(key) ?? 0) + count)
  }
  return {
    brand: new Map(facets.brand),
    strainType: new Map(facets.strainType),
    size,
    terpene: new Map(facets.terpene),
    sale: facets.sale,
    new: facets.new,
  }
}

/**
 * keepFacets keeps the offers every chosen filter keeps (options of one facet are
 * alternatives: two brands keep the offers of either), in their order. unit is the
 * potency unit of the THC and CBD bounds: an offer whose figure is in another unit,
 * or has none, fails a THC or CBD bound. The counts are countFacets', apart, so that
 * the results can show before them.
 */
export function keepFacets<T extends FacetOffer>(offers: readonly T[], f: FacetFilters, unit: PotencyUnit): T[] {
  // No filter chosen keeps every offer: the index waits for the counts (facetIndexJobFor).
  if (facetsChosen(f) === 0) return offers as T[]
  const from = narrowedFrom.get(offers)
  if (!from) return keepIndexed(offers, facetIndexOf(offers, unit, offerUnit), f)
  return keepIndexed(from.list as readonly T[], facetIndexOf(from.list, unit, offerUnit), f, from.kept)
}

/** countFacets counts, for every option of the filters, the offers it would leave given the other filters chosen. */
export function countFacets(offers: readonly FacetOffer[], f: FacetFilters, unit: PotencyUnit): FacetCounts {
  const from = narrowedFrom.get(offers)
  return from ? countIndexed(facetIndexOf(from.list, unit, offerUnit), f, from.kept) : countIndexed(facetIndexOf(offers, unit, offerUnit), f)
}

/**
 * facetIndexJobFor is the index countFacets reads for offers (their own, or that of the list
 * they were cut from), as a screen waits for it (useSliced): the counts of a whole state's
 * offers then wait for an index built in slices, not in one long task.
 */
export function facetIndexJobFor(offers: readonly FacetOffer[], unit: PotencyUnit): SlicedJob<FacetIndex> {
  return facetIndexJob(narrowedFrom.get(offers)?.list ?? offers, unit, offerUnit)
}

// Lists cut from a longer one by narrowedList, with that list and which of its offers they are.
const narrowedFrom = new WeakMap<readonly FacetOffer[], { list: readonly FacetOffer[]; kept: Bits }>()

/**
 * narrowedList is the offers of list that kept has, in their order, as a list keepFacets and
 * countFacets answer from list's index (kept narrowing it) rather than from an index of their
 * own: each few letters typed in a search keep another part of the same list, and indexing
 * each part took seconds on the whole state's offers at 4x CPU slowdown (npm run bench:menus).
 */
export function narrowedList<T extends FacetOffer>(list: readonly T[], kept: Bits): T[] {
  const out: T[] = []
  forEachBit(kept, (i) => out.push(list[i]!))
  narrowedFrom.set(out, { list, kept })
  return out
}

/** offerUnit is the unit of an offer's THC and CBD figures: its own, or its product type's. */
const offerUnit = (o: FacetOffer) => o.potencyUnit ?? potencyUnitFor(o.category)

// Counts kept per list of offers (while the list lives) and per choice of filters: a list
// is one per snapshot and query (narrowFilters' counted), so choosing a brand and clearing
// it again, or a re-render, counts nothing twice. A few choices per list are enough.
const countCache = new WeakMap<readonly FacetOffer[], Map<string, FacetCounts>>()
const COUNTS_KEPT = 8

/** countFacetsOnce is countFacets, counted once per list of offers and choice of filters. */
export function countFacetsOnce(offers: readonly FacetOffer[], f: FacetFilters, unit: PotencyUnit): FacetCounts {
  const key = JSON.stringify([
    unit,
    f.brands,
    f.strainTypes,
    f.sizes,
    f.terpenes,
    f.thcMin,
    f.thcMax,
    f.cbdMin,
    f.priceMin,
    f.priceMax,
    f.saleOnly,
    f.newOnly,
  ])
  let kept = countCache.get(offers)
  if (!kept) countCache.set(offers, (kept = new Map()))
  let counts = kept.get(key)
  if (!counts) {
    counts = countFacets(offers, f, unit)
    if (kept.size >= COUNTS_KEPT) kept.delete(kept.keys().next().value!)
    kept.set(key, counts)
  }
  return counts
}

/** firstAtLeast is the index of the first of sorted values at least (or, after, above) bound. */
function firstAtLeast(sorted: Float64Array, bound: number, after: boolean): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (after ? sorted[mid]! <= bound : sorted[mid]! < bound) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** countInRange is how many of sorted values (FacetCounts' ranges) lie within [min, max] (either end open when null). */
export function countInRange(sorted: Float64Array, min: number | null, max: number | null): number {
  const from = min === null ? 0 : firstAtLeast(sorted, min, false)
  const to = max === null ? sorted.length : firstAtLeast(sorted, max, true)
  return Math.max(0, to - from)
}

/** facetsChosen counts the filters chosen (each option, each bound, each flag). */
export function facetsChosen(f: FacetFilters): number {
  return (
    f.brands.length +
    f.strainTypes.length +
    f.sizes.length +
    f.terpenes.length +
    [f.thcMin, f.thcMax, f.cbdMin, f.priceMin, f.priceMax].filter((v) => v !== null).length +
    (f.saleOnly ? 1 : 0) +
    (f.newOnly ? 1 : 0)
  )
}
