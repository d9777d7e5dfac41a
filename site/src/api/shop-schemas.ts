import * as z from 'zod/mini'

// Shapes of the shopping snapshots (publish/SNAPSHOTS.md): the Menus search,
// deals and product pages. Kept apart from schemas.ts so that they load with
// those screens only, never with the homepage.

const timestamp = z.iso.datetime({ offset: true })
const nullableNumber = z.nullable(z.number())

export const SHOP_MARKETS = ['medical', 'recreational'] as const
const market = z.enum(SHOP_MARKETS)
const unit = z.nullable(z.enum(['g', '100mg']))
const freshness = z.enum(['current', 'stale', 'missing'])
const sample = z.optional(z.boolean())

/** CATEGORIES are the product types a search can ask for, as publish names them. */
export const CATEGORIES = ['Flower', 'Preroll', 'Vape', 'Extract', 'Edible', 'Other'] as const
export type Category = (typeof CATEGORIES)[number]
const category = z.enum(CATEGORIES)

/** REGIONS are data.Regions, in publish's fixed order. */
export const REGIONS = ['Northeast', 'Northwest', 'Central', 'Southwest', 'Southeast'] as const
export type Region = (typeof REGIONS)[number]

export const searchStoreSchema = z.looseObject({
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  address: z.optional(z.string()),
  region: z.string(),
  lat: nullableNumber,
  lng: nullableNumber,
  coordinates: z.optional(z.string()),
  website: z.optional(z.nullable(z.string())),
  sample,
  markets: z.array(
    z.looseObject({
      market,
      menuUrl: z.optional(z.nullable(z.string())),
      lastUpdate: z.record(z.string(), z.nullable(timestamp)),
    }),
  ),
})
export type SearchStore = z.infer<typeof searchStoreSchema>

export const searchStoresSchema = z.looseObject({
  generatedAt: timestamp,
  sample,
  stores: z.array(searchStoreSchema),
  shards: z.array(z.looseObject({ category, region: z.string(), path: z.string(), offers: z.int() })),
})
export type SearchStores = z.infer<typeof searchStoresSchema>

// [productIndex, storeSlug, market, size, grams, mg, price, salePrice, unitPrice, unit, thc, isNew, firstSeen]
const offerRow = z.tuple([
  z.int(),
  z.string(),
  market,
  z.string(),
  nullableNumber,
  nullableNumber,
  z.number(),
  nullableNumber,
  nullableNumber,
  unit,
  nullableNumber,
  z.boolean(),
  z.nullable(timestamp),
])
export type OfferRow = z.infer<typeof offerRow>

export const searchShardSchema = z.looseObject({
  generatedAt: timestamp,
  sample,
  category,
  region: z.string(),
  products: z.array(
    z.looseObject({
      code: z.string(),
      name: z.string(),
      brand: z.nullable(z.string()),
      strain: z.optional(z.nullable(z.string())),
      strainType: z.optional(z.nullable(z.string())),
    }),
  ),
  offers: z.array(offerRow),
})
export type SearchShard = z.infer<typeof searchShardSchema>

export const dealSchema = z.looseObject({
  code: z.string(),
  name: z.string(),
  brand: z.nullable(z.string()),
  category,
  size: z.string(),
  grams: nullableNumber,
  mg: nullableNumber,
  price: z.number(),
  salePrice: z.number(),
  discount: z.number(),
  unitPrice: nullableNumber,
  unit,
  thc: nullableNumber,
  slug: z.string(),
  storeName: z.string(),
  city: z.string(),
  lat: nullableNumber,
  lng: nullableNumber,
  market,
  lastUpdate: z.nullable(timestamp),
  freshness,
  isNew: z.boolean(),
  sample,
})
export type ShopDeal = z.infer<typeof dealSchema>

export const dealsIndexSchema = z.looseObject({
  generatedAt: timestamp,
  sample,
  regions: z.array(z.looseObject({ region: z.string(), path: z.string(), count: z.int() })),
  top: z.array(dealSchema),
})
export type DealsIndex = z.infer<typeof dealsIndexSchema>

export const regionDealsListSchema = z.looseObject({
  generatedAt: timestamp,
  sample,
  region: z.string(),
  deals: z.array(dealSchema),
})
export type RegionDealsList = z.infer<typeof regionDealsListSchema>

export const productOfferSchema = z.looseObject({
  slug: z.string(),
  storeName: z.string(),
  city: z.string(),
  region: z.string(),
  lat: nullableNumber,
  lng: nullableNumber,
  market,
  price: z.number(),
  salePrice: nullableNumber,
  unitPrice: nullableNumber,
  unit,
  thc: nullableNumber,
  lastUpdate: z.nullable(timestamp),
  freshness,
  firstSeen: z.nullable(timestamp),
  sample,
})
export type ProductOffer = z.infer<typeof productOfferSchema>

export const productSchema = z.looseObject({
  generatedAt: timestamp,
  sample,
  code: z.string(),
  name: z.string(),
  brand: z.nullable(z.string()),
  category,
  strain: z.nullable(z.string()),
  strainSlug: z.nullable(z.string()),
  size: z.string(),
  grams: nullableNumber,
  mg: nullableNumber,
  firstSeen: z.nullable(timestamp),
  terpenes: z.optional(z.array(z.string())),
  offers: z.array(productOfferSchema),
  history: z.array(z.looseObject({ date: z.string(), market, min: z.number(), median: z.number() })),
})
export type Product = z.infer<typeof productSchema>

/**
 * ShopSnapshots maps the shopping snapshots (the name after /api/) to their
 * shapes; the sharded ones are families of names.
 */
export type ShopSnapshots = {
  'search/stores': typeof searchStoresSchema
  deals: typeof dealsIndexSchema
} & Record<`search/${Lowercase<Category>}/${string}`, typeof searchShardSchema> &
  Record<`deals/${string}`, typeof regionDealsListSchema> &
  Record<`products/${string}`, typeof productSchema>
