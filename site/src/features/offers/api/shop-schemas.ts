import * as z from 'zod/mini'
import {
  category,
  published,
  coordinates,
  day,
  freshnessState,
  market,
  money,
  nullableNumber,
  nullableTimestamp,
  orderUrl,
  potencyUnit,
  productCode,
  productCount,
  productOfferSchema,
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
// (fast-check.ts): zod's walk of a region's flower file took about as long as
// everything else between its arrival and the first results (bench:menus, 4x CPU).

export { CATEGORIES, type Category } from '@/api/common-schemas'

/** sameLength: every column of an object of columns has as many entries (saleLows is a list, not a column). */
const sameLength = (columns: object) =>
  new Set(
    Object.entries(columns)
      .filter(([name]) => name !== 'saleLows')
      .map(([, c]: [string, readonly unknown[]]) => c.length),
  ).size <= 1

// The columns the menu and search files share (SNAPSHOTS.md): what a product is, what an offer of it says.
const productColumns = {
  code: z.array(productCode),
  name: z.array(z.string()),
  brand: z.array(z.string()),
  strain: z.array(z.string()),
  strainType: z.array(strainType),
  size: z.array(z.string()),
  grams: z.array(nullableNumber),
  mg: z.array(nullableNumber),
  terpenes: z.array(z.array(z.string())),
}
const offerColumns = {
  product: z.array(z.int().check(z.nonnegative())),
  price: z.array(money),
  salePrice: z.array(z.nullable(money)),
  thc: z.array(nullableNumber),
  potencyUnit: z.array(potencyUnit),
  cbd: z.array(nullableNumber),
  // The bottoms of ranges whose tops are thc and cbd (SNAPSHOTS.md): optional columns, null
  // for an offer the menu gave one figure for.
  thcLow: z.optional(z.array(nullableNumber)),
  cbdLow: z.optional(z.array(nullableNumber)),
  isNew: z.array(z.boolean()),
  // The 30-day lows of the offers on sale, each with its offer's index (SNAPSHOTS.md, Lows); absent when none is on sale.
  saleLows: z.optional(z.array(z.looseObject({ offer: z.int().check(z.nonnegative()), ...saleLowSchema.def.shape }))),
}

/** menuProductsSchema: a store's products as columns (api/menus), each once for both markets. */
const menuProductsSchema = z.object({
  ...productColumns,
  // Where to order it, after its market's orderUrlBase; null when no link is known.
  orderPath: z.array(z.nullable(z.string())),
  category: z.array(category),
})

/** menuOffersSchema: a market's offers as columns, each pointing to its product. The unit price follows from the price paid and size (unitPriceOf). */
const menuOffersSchema = z.object({ ...offerColumns, inStock: z.array(z.boolean()), firstSeen: z.array(nullableTimestamp) })

// A store as the menu and search files describe it.
const store = {
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  region: z.string(),
  lat: z.number(),
  lng: z.number(),
  coordinates,
  website: z.string(),
}

export const menuSchema = guarded(
  published({
    ...store,
    ...storeListing,
    location: z.string(),
    monitored: z.boolean(),
    markets: z.array(
      z.looseObject({
        market,
        menuUrl: z.nullable(z.string()),
        categories: z.record(z.string(), z.looseObject({ lastUpdate: nullableTimestamp, freshness: freshnessState, count: productCount })),
        // An offer's order link is this followed by its product's orderPath.
        orderUrlBase: z.string(),
        offers: menuOffersSchema.check(z.refine((o) => sameLength(o), 'every offers column has one entry per offer')),
      }),
    ),
    products: menuProductsSchema.check(z.refine((p) => sameLength(p), 'every products column has one entry per product')),
  }).check(
    z.refine(
      (m) => m.markets.every((mk) => mk.offers.product.every((i) => i < m.products.code.length)),
      'every offer points to a product of the file',
    ),
  ),
)
export type Menu = z.infer<typeof menuSchema>

export type { ProductOffer } from '@/api/common-schemas'

export const productSchema = published({
  code: productCode,
  name: z.string(),
  brand: z.string(),
  category,
  strain: z.string(),
  strainSlug: z.nullable(z.string()),
  size: z.string(),
  grams: nullableNumber,
  mg: nullableNumber,
  firstSeen: nullableTimestamp,
  terpenes: z.array(z.string()),
  offers: z.array(productOfferSchema),
  // A product no menu lists any more keeps its page (publish.KeepProductPage): listedNow false,
  // lastListed the last fetch that listed it, lastOffers each store's offer as then listed.
  listedNow: z.boolean(),
  lastListed: nullableTimestamp,
  lastOffers: z.array(productOfferSchema),
  history: z.array(z.looseObject({ date: day, market, min: money, median: money })),
})
export type Product = z.infer<typeof productSchema>

export const searchStoresSchema = guarded(
  published({
    stores: z.array(
      z.looseObject({
        ...store,
        ...storeListing,
        sample: z.boolean(),
        markets: z.array(z.looseObject({ market, menuUrl: z.nullable(z.string()), lastUpdate: z.record(z.string(), nullableTimestamp) })),
      }),
    ),
    shards: z.array(z.looseObject({ category, region: z.string(), path: z.string(), offers: z.int() })),
  }),
)
export type SearchStores = z.infer<typeof searchStoresSchema>

/** searchProductsSchema: a search file's products, as columns (SNAPSHOTS.md). */
const searchProductsSchema = z.object(productColumns)

/** searchOffersSchema: a search file's offers, as columns (SNAPSHOTS.md), each pointing to its product and menu. */
const searchOffersSchema = z.object({ ...offerColumns, menu: z.array(z.int().check(z.nonnegative())) })

const searchRows = {
  generatedAt: timestamp,
  sample: z.boolean(),
  category,
  region: z.string(),
  menus: z.array(z.tuple([z.string(), market])),
  products: searchProductsSchema.check(z.refine((p) => sameLength(p), 'every products column has one entry per product')),
  offers: searchOffersSchema.check(z.refine((o) => sameLength(o), 'every offers column has one entry per offer')),
}

type SearchColumns = {
  menus: readonly unknown[]
  products: { code: readonly unknown[] }
  offers: { product: readonly number[]; menu: readonly number[] }
}
// Every offer points to a product and a menu of its file.
const pointsInside = <T extends SearchColumns>() =>
  z.refine<T>(
    (f) => f.offers.product.every((i) => i < f.products.code.length) && f.offers.menu.every((i) => i < f.menus.length),
    'every offer points to a product and a menu of the file',
  )

export const searchShardSchema = guarded(z.looseObject(searchRows).check(pointsInside()))
export type SearchShard = z.infer<typeof searchShardSchema>

/** searchFirstSchema is api/search/<category>/first: the default search's first page and its totals. */
export const searchFirstSchema = guarded(z.looseObject({ ...searchRows, total: z.int(), stores: z.int() }).check(pointsInside()))
export type SearchFirst = z.infer<typeof searchFirstSchema>

export const dealOfferSchema = z.looseObject({
  code: productCode,
  name: z.string(),
  brand: z.string(),
  category,
  size: z.string(),
  grams: nullableNumber,
  mg: nullableNumber,
  price: money,
  salePrice: money,
  discount: z.number().check(z.gt(0), z.lt(1)),
  // The sale's 30-day low and the share of it the sale takes off (negative when the sale costs more): deals rank by it.
  saleLow: z.optional(z.nullable(saleLowSchema)),
  lowDiscount: z.optional(z.number()),
  unitPrice: z.nullable(money),
  unit,
  thc: nullableNumber,
  // The bottom of a range whose top is thc: present only for ranges.
  thcLow: z.optional(nullableNumber),
  cbdLow: z.optional(nullableNumber),
  potencyUnit,
  slug: z.string(),
  storeName: z.string(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
  market,
  lastUpdate: nullableTimestamp,
  freshness: freshnessState,
  isNew: z.boolean(),
  sample: z.boolean(),
  orderUrl,
})
export type DealOffer = z.infer<typeof dealOfferSchema>

export const dealsIndexSchema = published({
  regions: z.array(z.looseObject({ region: z.string(), path: z.string(), count: z.int() })),
  top: z.array(dealOfferSchema),
})
export type DealsIndex = z.infer<typeof dealsIndexSchema>

export const dealsRegionSchema = published({
  region: z.string(),
  deals: z.array(dealOfferSchema),
})
export type DealsRegion = z.infer<typeof dealsRegionSchema>

export { REGIONS, type Region } from '@/api/regions'

/** SearchStore is one store of api/search/stores. */
export type SearchStore = SearchStores['stores'][number]
