import * as v from 'valibot'
import {
  category,
  coordinates,
  day,
  freshnessState,
  int,
  market,
  money,
  nullableNumber,
  nullableTimestamp,
  orderUrl,
  potencyUnit,
  productCode,
  productCount,
  productOfferSchema,
  published,
  saleLowSchema,
  strainType,
  timestamp,
  unit,
} from '@/api/common-schemas'
import { guarded } from '@/api/fast-check'
import { storeListing } from '@/api/store-listing'

// The shapes of the shopping snapshots (publish/SNAPSHOTS.md): menus, products,
// search and deals. They load with the shop's screens, never with the homepage.
// The large ones (a store's menu, the search's stores and files) are guarded
// (fast-check.ts): the schema library's walk of a region's flower file (zod's, then) took about
// as long as everything else between its arrival and the first results (bench:menus, 4x CPU).

export { CATEGORIES, type Category } from '@/api/common-schemas'

/** sameLength: every column of an object of columns has as many entries (saleLows is a list, not a column). */
const sameLength = (columns: object) =>
  new Set(
    Object.entries(columns)
      .filter(([name]) => name !== 'saleLows')
      .map(([, c]: [string, readonly unknown[]]) => c.length),
  ).size <= 1

/** columnsOf is an object of columns (schema) whose every column has one entry per product or offer. */
const columnsOf = <S extends v.GenericSchema<unknown, object>>(schema: S, each: 'product' | 'offer') =>
  v.pipe(
    schema,
    v.check((columns: v.InferOutput<S>) => sameLength(columns), `every ${each}s column has one entry per ${each}`),
  )

// The columns the menu and search files share (SNAPSHOTS.md): what a product is, what an offer of it says.
const productColumns = {
  code: v.array(productCode),
  name: v.array(v.string()),
  brand: v.array(v.string()),
  strain: v.array(v.string()),
  strainType: v.array(strainType),
  size: v.array(v.string()),
  grams: v.array(nullableNumber),
  mg: v.array(nullableNumber),
  terpenes: v.array(v.array(v.string())),
}
const offerColumns = {
  product: v.array(v.pipe(int, v.minValue(0))),
  price: v.array(money),
  salePrice: v.array(v.nullable(money)),
  thc: v.array(nullableNumber),
  potencyUnit: v.array(potencyUnit),
  cbd: v.array(nullableNumber),
  // The bottoms of ranges whose tops are thc and cbd (SNAPSHOTS.md): optional columns, null
  // for an offer the menu gave one figure for.
  thcLow: v.optional(v.array(nullableNumber)),
  cbdLow: v.optional(v.array(nullableNumber)),
  isNew: v.array(v.boolean()),
  // The 30-day lows of the offers on sale, each with its offer's index (SNAPSHOTS.md, Lows); absent when none is on sale.
  saleLows: v.optional(v.array(v.looseObject({ offer: v.pipe(int, v.minValue(0)), ...saleLowSchema.entries }))),
}

/** menuProductsSchema: a store's products as columns (api/menus), each once for both markets. */
const menuProductsSchema = v.object({
  ...productColumns,
  // Where to order it, after its market's orderUrlBase; null when no link is known.
  orderPath: v.array(v.nullable(v.string())),
  category: v.array(category),
})

/** menuOffersSchema: a market's offers as columns, each pointing to its product. The unit price follows from the price paid and size (unitPriceOf). */
const menuOffersSchema = v.object({ ...offerColumns, inStock: v.array(v.boolean()), firstSeen: v.array(nullableTimestamp) })

// A store as the menu and search files describe it.
const store = {
  slug: v.string(),
  name: v.string(),
  city: v.string(),
  address: v.string(),
  region: v.string(),
  lat: v.number(),
  lng: v.number(),
  coordinates,
  website: v.string(),
}

export const menuSchema = guarded(
  v.pipe(
    published({
      ...store,
      ...storeListing,
      location: v.string(),
      monitored: v.boolean(),
      markets: v.array(
        v.looseObject({
          market,
          menuUrl: v.nullable(v.string()),
          categories: v.record(v.string(), v.looseObject({ lastUpdate: nullableTimestamp, freshness: freshnessState, count: productCount })),
          // An offer's order link is this followed by its product's orderPath.
          orderUrlBase: v.string(),
          offers: columnsOf(menuOffersSchema, 'offer'),
        }),
      ),
      products: columnsOf(menuProductsSchema, 'product'),
    }),
    v.check(
      (m) => m.markets.every((mk) => mk.offers.product.every((i) => i < m.products.code.length)),
      'every offer points to a product of the file',
    ),
  ),
)
export type Menu = v.InferOutput<typeof menuSchema>

export type { ProductOffer } from '@/api/common-schemas'

export const productSchema = published({
  code: productCode,
  name: v.string(),
  brand: v.string(),
  category,
  strain: v.string(),
  strainSlug: v.nullable(v.string()),
  size: v.string(),
  grams: nullableNumber,
  mg: nullableNumber,
  firstSeen: nullableTimestamp,
  terpenes: v.array(v.string()),
  offers: v.array(productOfferSchema),
  // A product no menu lists any more keeps its page (publish.KeepProductPage): listedNow false,
  // lastListed the last fetch that listed it, lastOffers each store's offer as then listed.
  listedNow: v.boolean(),
  lastListed: nullableTimestamp,
  lastOffers: v.array(productOfferSchema),
  history: v.array(v.looseObject({ date: day, market, min: money, median: money })),
})
export type Product = v.InferOutput<typeof productSchema>

export const searchStoresSchema = guarded(
  published({
    stores: v.array(
      v.looseObject({
        ...store,
        ...storeListing,
        sample: v.boolean(),
        markets: v.array(v.looseObject({ market, menuUrl: v.nullable(v.string()), lastUpdate: v.record(v.string(), nullableTimestamp) })),
      }),
    ),
    shards: v.array(v.looseObject({ category, region: v.string(), path: v.string(), offers: int })),
  }),
)
export type SearchStores = v.InferOutput<typeof searchStoresSchema>

/** searchProductsSchema: a search file's products, as columns (SNAPSHOTS.md). */
const searchProductsSchema = v.object(productColumns)

/** searchOffersSchema: a search file's offers, as columns (SNAPSHOTS.md), each pointing to its product and menu. */
const searchOffersSchema = v.object({ ...offerColumns, menu: v.array(v.pipe(int, v.minValue(0))) })

const searchRows = {
  generatedAt: timestamp,
  sample: v.boolean(),
  category,
  region: v.string(),
  menus: v.array(v.strictTuple([v.string(), market])),
  products: columnsOf(searchProductsSchema, 'product'),
  offers: columnsOf(searchOffersSchema, 'offer'),
}

type SearchColumns = {
  menus: readonly unknown[]
  products: { code: readonly unknown[] }
  offers: { product: readonly number[]; menu: readonly number[] }
}
// Every offer points to a product and a menu of its file.
const pointsInside = <T extends SearchColumns>() =>
  v.check(
    (f: T) => f.offers.product.every((i) => i < f.products.code.length) && f.offers.menu.every((i) => i < f.menus.length),
    'every offer points to a product and a menu of the file',
  )

export const searchShardSchema = guarded(v.pipe(v.looseObject(searchRows), pointsInside()))
export type SearchShard = v.InferOutput<typeof searchShardSchema>

const offerCount = v.pipe(int, v.minValue(0))
const valueCounts = v.array(v.strictTuple([v.string(), offerCount]))

/**
 * searchFacetsSchema is a first page's facets: the whole search's offers counted by each option of
 * the filters with counts (sizes as a product's grams and mg), as the site counts them with no
 * filter chosen. Absent from a tree published before them.
 */
const searchFacetsSchema = v.looseObject({
  brand: valueCounts,
  strainType: valueCounts,
  size: v.array(v.strictTuple([nullableNumber, nullableNumber, offerCount])),
  terpene: valueCounts,
  sale: offerCount,
  new: offerCount,
})
export type SearchFacets = v.InferOutput<typeof searchFacetsSchema>

/** searchFirstSchema is api/search/<category>/first: the default search's first page, its totals and its options' counts. */
export const searchFirstSchema = guarded(
  v.pipe(v.looseObject({ ...searchRows, total: int, stores: int, facets: v.optional(searchFacetsSchema) }), pointsInside()),
)
export type SearchFirst = v.InferOutput<typeof searchFirstSchema>

export const dealOfferSchema = v.looseObject({
  code: productCode,
  name: v.string(),
  brand: v.string(),
  category,
  size: v.string(),
  grams: nullableNumber,
  mg: nullableNumber,
  price: money,
  salePrice: money,
  discount: v.pipe(v.number(), v.gtValue(0), v.ltValue(1)),
  // The sale's 30-day low and the share of it the sale takes off (negative when the sale costs more): deals rank by it.
  saleLow: v.optional(v.nullable(saleLowSchema)),
  lowDiscount: v.optional(v.number()),
  unitPrice: v.nullable(money),
  unit,
  thc: nullableNumber,
  // The bottom of a range whose top is thc: present only for ranges.
  thcLow: v.optional(nullableNumber),
  cbdLow: v.optional(nullableNumber),
  potencyUnit,
  slug: v.string(),
  storeName: v.string(),
  city: v.string(),
  lat: v.number(),
  lng: v.number(),
  market,
  lastUpdate: nullableTimestamp,
  freshness: freshnessState,
  isNew: v.boolean(),
  sample: v.boolean(),
  orderUrl,
})
export type DealOffer = v.InferOutput<typeof dealOfferSchema>

export const dealsIndexSchema = published({
  regions: v.array(v.looseObject({ region: v.string(), path: v.string(), count: int })),
  top: v.array(dealOfferSchema),
})
export type DealsIndex = v.InferOutput<typeof dealsIndexSchema>

export const dealsRegionSchema = published({
  region: v.string(),
  deals: v.array(dealOfferSchema),
})
export type DealsRegion = v.InferOutput<typeof dealsRegionSchema>

export { REGIONS, type Region } from '@/api/regions'

/** SearchStore is one store of api/search/stores. */
export type SearchStore = SearchStores['stores'][number]
