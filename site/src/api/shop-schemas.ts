import * as z from 'zod/mini'
import { MARKETS } from './common-schemas'

// The shapes of the shopping snapshots (publish/SNAPSHOTS.md): menus, products,
// search, deals, trends, strains and terpenes. Apart from schemas.ts so that they
// load with the screens that show them: in schemas.ts they were part of the
// homepage's JavaScript (2.4 kB gzip over its 115 kB budget).

const timestamp = z.iso.datetime({ offset: true })
// -1 (or less) means publish does not know the count.
const productCount = z.int()

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a day written as "YYYY-MM-DD"'))
const money = z.number().check(z.nonnegative())
const nullableNumber = z.nullable(z.number())
const nullableTimestamp = z.nullable(timestamp)

export const CATEGORIES = ['Flower', 'Preroll', 'Vape', 'Extract', 'Edible', 'Other'] as const
export type Category = (typeof CATEGORIES)[number]
const category = z.enum(CATEGORIES)
const market = z.enum(MARKETS)
const unit = z.nullable(z.enum(['g', '100mg']))
const freshnessState = z.enum(['current', 'stale', 'missing'])
const strainType = z.nullable(z.enum(['indica', 'sativa', 'hybrid']))
const coordinates = z.enum(['store', 'city'])
const productCode = z.string().check(z.regex(/^[a-z0-9-]+$/, 'a product code ([a-z0-9-]+)'))

export const menuOfferSchema = z.looseObject({
  code: productCode,
  name: z.string(),
  brand: z.string(),
  category,
  strain: z.string(),
  size: z.string(),
  grams: nullableNumber,
  mg: nullableNumber,
  price: money,
  salePrice: z.nullable(money),
  unitPrice: z.nullable(money),
  unit,
  thc: nullableNumber,
  cbd: nullableNumber,
  potencyUnit: z.nullable(z.string()),
  inStock: z.boolean(),
  isNew: z.boolean(),
  firstSeen: nullableTimestamp,
})
export type MenuOffer = z.infer<typeof menuOfferSchema>

export const menuSchema = z.looseObject({
  generatedAt: timestamp,
  sample: z.boolean(),
  slug: z.string(),
  name: z.string(),
  location: z.string(),
  city: z.string(),
  address: z.string(),
  region: z.string(),
  lat: z.number(),
  lng: z.number(),
  coordinates,
  website: z.string(),
  monitored: z.boolean(),
  markets: z.array(
    z.looseObject({
      market,
      menuUrl: z.nullable(z.string()),
      categories: z.record(z.string(), z.looseObject({ lastUpdate: nullableTimestamp, freshness: freshnessState, count: productCount })),
      offers: z.array(menuOfferSchema),
    }),
  ),
})
export type Menu = z.infer<typeof menuSchema>

export const productOfferSchema = z.looseObject({
  slug: z.string(),
  storeName: z.string(),
  city: z.string(),
  region: z.string(),
  lat: z.number(),
  lng: z.number(),
  market,
  price: money,
  salePrice: z.nullable(money),
  unitPrice: z.nullable(money),
  unit,
  thc: nullableNumber,
  lastUpdate: nullableTimestamp,
  freshness: freshnessState,
  firstSeen: nullableTimestamp,
  sample: z.boolean(),
})
export type ProductOffer = z.infer<typeof productOfferSchema>

export const productSchema = z.looseObject({
  generatedAt: timestamp,
  sample: z.boolean(),
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
  history: z.array(z.looseObject({ date: day, market, min: money, median: money })),
})
export type Product = z.infer<typeof productSchema>

export const searchStoresSchema = z.looseObject({
  generatedAt: timestamp,
  sample: z.boolean(),
  stores: z.array(
    z.looseObject({
      slug: z.string(),
      name: z.string(),
      city: z.string(),
      address: z.string(),
      region: z.string(),
      lat: z.number(),
      lng: z.number(),
      coordinates,
      website: z.string(),
      sample: z.boolean(),
      markets: z.array(z.looseObject({ market, menuUrl: z.nullable(z.string()), lastUpdate: z.record(z.string(), nullableTimestamp) })),
    }),
  ),
  shards: z.array(z.looseObject({ category, region: z.string(), path: z.string(), offers: z.int() })),
})
export type SearchStores = z.infer<typeof searchStoresSchema>

/** searchProductsSchema: a search file's products, as columns (SNAPSHOTS.md). */
const searchProductsSchema = z.object({
  code: z.array(productCode),
  name: z.array(z.string()),
  brand: z.array(z.string()),
  strain: z.array(z.string()),
  strainType: z.array(strainType),
  size: z.array(z.string()),
  grams: z.array(nullableNumber),
  mg: z.array(nullableNumber),
})

/** searchOffersSchema: a search file's offers, as columns (SNAPSHOTS.md). */
const searchOffersSchema = z.object({
  product: z.array(z.int().check(z.nonnegative())),
  menu: z.array(z.int().check(z.nonnegative())),
  price: z.array(money),
  salePrice: z.array(z.nullable(money)),
  thc: z.array(nullableNumber),
  isNew: z.array(z.boolean()),
})

const sameLength = (columns: object) => new Set(Object.values(columns).map((c: readonly unknown[]) => c.length)).size <= 1

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

export const searchShardSchema = z.looseObject(searchRows).check(pointsInside())
export type SearchShard = z.infer<typeof searchShardSchema>

/** searchFirstSchema is api/search/<category>/first: the default search's first page and its totals. */
export const searchFirstSchema = z.looseObject({ ...searchRows, total: z.int(), stores: z.int() }).check(pointsInside())
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
  unitPrice: z.nullable(money),
  unit,
  thc: nullableNumber,
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
})
export type DealOffer = z.infer<typeof dealOfferSchema>

export const dealsIndexSchema = z.looseObject({
  generatedAt: timestamp,
  sample: z.boolean(),
  regions: z.array(z.looseObject({ region: z.string(), path: z.string(), count: z.int() })),
  top: z.array(dealOfferSchema),
})
export type DealsIndex = z.infer<typeof dealsIndexSchema>

export const dealsRegionSchema = z.looseObject({
  generatedAt: timestamp,
  sample: z.boolean(),
  region: z.string(),
  deals: z.array(dealOfferSchema),
})
export type DealsRegion = z.infer<typeof dealsRegionSchema>

export const trendsSchema = z.looseObject({
  generatedAt: timestamp,
  sample: z.boolean(),
  weeks: z.array(day),
  prices: z.array(
    z.looseObject({
      category,
      region: z.string(),
      market,
      unit: z.enum(['g', '100mg']),
      points: z.array(z.looseObject({ week: day, median: money, offers: z.int() })),
    }),
  ),
  menus: z.array(z.looseObject({ week: day, menus: z.int(), stores: z.int() })),
  newProducts: z.array(z.looseObject({ week: day, count: z.int() })),
})
export type Trends = z.infer<typeof trendsSchema>

export const strainsIndexSchema = z.looseObject({
  generatedAt: timestamp,
  sample: z.boolean(),
  strains: z.array(z.looseObject({ slug: z.string(), name: z.string(), type: strainType, stores: z.int(), products: z.int(), lineage: z.boolean() })),
})
export type StrainsIndex = z.infer<typeof strainsIndexSchema>

const strainLink = z.looseObject({ name: z.string(), slug: z.nullable(z.string()) })
const terpeneCount = z.looseObject({ slug: z.string(), name: z.string(), products: z.int() })

export const strainSchema = z.looseObject({
  generatedAt: timestamp,
  sample: z.boolean(),
  slug: z.string(),
  name: z.string(),
  type: strainType,
  parents: z.array(strainLink),
  children: z.array(strainLink),
  lineageSources: z.array(z.looseObject({ name: z.string(), url: z.nullable(z.string()) })),
  // The strain catalogue's credit line when the name or type came from it.
  catalogueSource: z.optional(z.nullable(z.string())),
  thc: z.nullable(z.looseObject({ min: z.number(), max: z.number() })),
  terpenes: z.array(terpeneCount),
  offers: z.array(z.extend(productOfferSchema, { code: productCode, name: z.string(), brand: z.string(), category, size: z.string() })),
})
export type Strain = z.infer<typeof strainSchema>

export const terpenesIndexSchema = z.looseObject({
  generatedAt: timestamp,
  sample: z.boolean(),
  terpenes: z.array(terpeneCount),
})
export type TerpenesIndex = z.infer<typeof terpenesIndexSchema>

export const terpeneSchema = z.looseObject({
  generatedAt: timestamp,
  sample: z.boolean(),
  slug: z.string(),
  name: z.string(),
  products: z.array(
    z.looseObject({
      code: productCode,
      name: z.string(),
      brand: z.string(),
      category,
      strain: z.string(),
      amount: nullableNumber,
      amountUnit: z.nullable(z.enum(['%', 'mg'])),
      stores: z.int(),
      minPrice: money,
    }),
  ),
})
export type Terpene = z.infer<typeof terpeneSchema>

/**
 * shopSchemaFor returns the shape of a shopping snapshot from its name after /api/
 * ("menus/bloom-akron", "search/flower/central", "deals/index"…), or undefined for
 * a name that is none of them.
 */
export function shopSchemaFor(name: string) {
  const [head, ...rest] = name.split('/')
  const tail = rest.join('/')
  switch (head) {
    case 'menus':
      return rest.length === 1 ? menuSchema : undefined
    case 'products':
      return rest.length === 1 ? productSchema : undefined
    case 'search':
      if (tail === 'stores') return searchStoresSchema
      if (rest.length !== 2) return undefined
      return rest[1] === 'first' ? searchFirstSchema : searchShardSchema
    case 'deals':
      if (rest.length !== 1) return undefined
      return tail === 'index' ? dealsIndexSchema : dealsRegionSchema
    case 'trends':
      return rest.length === 0 ? trendsSchema : undefined
    case 'strains':
      if (rest.length !== 1) return undefined
      return tail === 'index' ? strainsIndexSchema : strainSchema
    case 'terpenes':
      if (rest.length !== 1) return undefined
      return tail === 'index' ? terpenesIndexSchema : terpeneSchema
    default:
      return undefined
  }
}

/** REGIONS are data.Regions, in publish's fixed order. */
export const REGIONS = ['Northeast', 'Northwest', 'Central', 'Southwest', 'Southeast'] as const
export type Region = (typeof REGIONS)[number]

/** SearchStore is one store of api/search/stores. */
export type SearchStore = SearchStores['stores'][number]
/** ShopDeal is one deal of api/deals/*. */
export type ShopDeal = DealOffer
export type RegionDealsList = DealsRegion

/** ShopSnapshots maps the shopping snapshots the screens load (the name after /api/) to their shapes. */
export type ShopSnapshots = {
  'search/stores': typeof searchStoresSchema
  'deals/index': typeof dealsIndexSchema
} & Record<`search/${Lowercase<Category>}/${string}`, typeof searchShardSchema> &
  Record<`deals/${string}`, typeof dealsRegionSchema> &
  Record<`products/${string}`, typeof productSchema>
