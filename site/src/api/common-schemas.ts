import * as v from 'valibot'

// What the features' snapshot shapes share (publish/SNAPSHOTS.md): dates,
// markets, categories, prices and the offer of a product at one store, which
// product, strain and deal files all list. Objects are loose: publish may add
// fields without breaking a deployed site.

/** timestamp is a published date: RFC 3339 with its offset. */
export const timestamp = v.pipe(v.string(), v.isoTimestamp())
export const nullableTimestamp = v.nullable(timestamp)

/** httpUrl is an absolute http(s) link from published content. */
export const httpUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:/i, 'an http(s) link'))

/**
 * published is the shape of a snapshot of the shop and explore features: when it
 * was published, whether it is sample data, and its own fields.
 */
export const published = <F extends Record<string, v.GenericSchema>>(fields: F) =>
  v.looseObject({ generatedAt: timestamp, sample: v.boolean(), ...fields })

/** int is a whole number: a safe integer (JSON carries integers exactly up to 2^53). */
export const int = v.pipe(v.number(), v.safeInteger())

/** day is a calendar day written "YYYY-MM-DD". */
export const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'a day written as "YYYY-MM-DD"'))
export const money = v.pipe(v.number(), v.minValue(0))
export const nullableNumber = v.nullable(v.number())
/** productCount is a published count; -1 (or less) means publish does not know it. */
export const productCount = int

/**
 * list is a list that a Go nil slice may publish as null: read as empty.
 */
export const list = <T extends v.GenericSchema>(item: T) =>
  v.pipe(
    v.nullable(v.array(item)),
    v.transform((value) => value ?? []),
  )

export const MARKETS = ['recreational', 'medical'] as const
export type Market = (typeof MARKETS)[number]
export const market = v.picklist(MARKETS)

export const CATEGORIES = ['Flower', 'Preroll', 'Vape', 'Extract', 'Edible', 'Other'] as const
export type Category = (typeof CATEGORIES)[number]
export const category = v.picklist(CATEGORIES)

/** unit is how publish prices a quantity: per gram, or per 100 mg of THC (edibles). */
export const unit = v.nullable(v.picklist(['g', '100mg']))
/**
 * potencyUnit is the unit of a THC figure: "%" or, for most edibles, "mg" (the package's total THC);
 * null when the menu gave none. Every file that carries a THC figure carries its unit.
 */
export const potencyUnit = v.nullable(v.string())
/** orderUrl is where to order an offer: its product's page on the store's own menu, else the menu's page; null when neither is known. */
export const orderUrl = v.nullable(v.string())
export const freshnessState = v.picklist(['current', 'stale', 'missing'])
export const strainType = v.nullable(v.picklist(['indica', 'sativa', 'hybrid']))
/** coordinates says whether a store's position is its own ("store") or its city's centre ("city"). */
export const coordinates = v.picklist(['store', 'city'])
export const productCode = v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'a product code ([a-z0-9-]+)'))

/**
 * saleLowSchema is what an offer on sale says of its price before the sale (SNAPSHOTS.md, Lows): the lowest price
 * paid in the 30 days before the sale began (null when omc did not see it then), whether the struck regular price
 * was charged in those days, and how many days omc has seen the offer when that is fewer than 30 before the sale.
 */
export const saleLowSchema = v.looseObject({
  low: v.nullable(money),
  regularCharged: v.boolean(),
  daysSeen: v.nullable(v.pipe(int, v.gtValue(0))),
})
export type SaleLow = v.InferOutput<typeof saleLowSchema>

/** productOfferSchema is a product's offer at one store and market, as product and strain files list it. */
export const productOfferSchema = v.looseObject({
  slug: v.string(),
  storeName: v.string(),
  city: v.string(),
  region: v.string(),
  lat: v.number(),
  lng: v.number(),
  market,
  price: money,
  salePrice: v.nullable(money),
  unitPrice: v.nullable(money),
  unit,
  // On sale: its 30-day low (Lows); and the lowest price paid there in the last 90 days.
  saleLow: v.optional(saleLowSchema),
  low90: v.optional(v.nullable(money)),
  thc: nullableNumber,
  // The bottoms of ranges whose tops are thc and cbd: present only for ranges.
  thcLow: v.optional(nullableNumber),
  cbdLow: v.optional(nullableNumber),
  potencyUnit,
  lastUpdate: nullableTimestamp,
  freshness: freshnessState,
  firstSeen: nullableTimestamp,
  sample: v.boolean(),
  orderUrl,
})
export type ProductOffer = v.InferOutput<typeof productOfferSchema>
