import * as z from 'zod/mini'

// What the features' snapshot shapes share (publish/SNAPSHOTS.md): dates,
// markets, categories, prices and the offer of a product at one store, which
// product, strain and deal files all list. Objects are loose: publish may add
// fields without breaking a deployed site.

/** timestamp is a published date: RFC 3339 with its offset. */
export const timestamp = z.iso.datetime({ offset: true })
export const nullableTimestamp = z.nullable(timestamp)

/** httpUrl is an absolute http(s) link from published content. */
export const httpUrl = z.url({ protocol: /^https?$/ })

/**
 * published is the shape of a snapshot of the shop and explore features: when it
 * was published, whether it is sample data, and its own fields.
 */
export const published = <F extends Record<string, z.ZodMiniType>>(fields: F) =>
  z.looseObject({ generatedAt: timestamp, sample: z.boolean(), ...fields })

/** day is a calendar day written "YYYY-MM-DD". */
export const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a day written as "YYYY-MM-DD"'))
export const money = z.number().check(z.nonnegative())
export const nullableNumber = z.nullable(z.number())
/** productCount is a published count; -1 (or less) means publish does not know it. */
export const productCount = z.int()

/**
 * list is a list that a Go nil slice may publish as null: read as empty.
 */
export const list = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.nullable(z.array(item)),
    z.transform((v) => v ?? []),
  )

export const MARKETS = ['recreational', 'medical'] as const
export type Market = (typeof MARKETS)[number]
export const market = z.enum(MARKETS)

export const CATEGORIES = ['Flower', 'Preroll', 'Vape', 'Extract', 'Edible', 'Other'] as const
export type Category = (typeof CATEGORIES)[number]
export const category = z.enum(CATEGORIES)

/** unit is how publish prices a quantity: per gram, or per 100 mg of THC (edibles). */
export const unit = z.nullable(z.enum(['g', '100mg']))
/**
 * potencyUnit is the unit of a THC figure: "%" or, for most edibles, "mg" (the package's total THC);
 * null when the menu gave none. Every file that carries a THC figure carries its unit.
 */
export const potencyUnit = z.nullable(z.string())
/** orderUrl is where to order an offer: its product's page on the store's own menu, else the menu's page; null when neither is known. */
export const orderUrl = z.nullable(z.string())
export const freshnessState = z.enum(['current', 'stale', 'missing'])
export const strainType = z.nullable(z.enum(['indica', 'sativa', 'hybrid']))
/** coordinates says whether a store's position is its own ("store") or its city's centre ("city"). */
export const coordinates = z.enum(['store', 'city'])
export const productCode = z.string().check(z.regex(/^[a-z0-9-]+$/, 'a product code ([a-z0-9-]+)'))

/**
 * saleLowSchema is what an offer on sale says of its price before the sale (SNAPSHOTS.md, Lows): the lowest price
 * paid in the 30 days before the sale began (null when omc did not see it then), whether the struck regular price
 * was charged in those days, and how many days omc has seen the offer when that is fewer than 30 before the sale.
 */
export const saleLowSchema = z.looseObject({
  low: z.nullable(money),
  regularCharged: z.boolean(),
  daysSeen: z.nullable(z.int().check(z.positive())),
})
export type SaleLow = z.infer<typeof saleLowSchema>

/** productOfferSchema is a product's offer at one store and market, as product and strain files list it. */
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
  // On sale: its 30-day low (Lows); and the lowest price paid there in the last 90 days.
  saleLow: z.optional(saleLowSchema),
  low90: z.optional(z.nullable(money)),
  thc: nullableNumber,
  // The bottoms of ranges whose tops are thc and cbd: present only for ranges.
  thcLow: z.optional(nullableNumber),
  cbdLow: z.optional(nullableNumber),
  potencyUnit,
  lastUpdate: nullableTimestamp,
  freshness: freshnessState,
  firstSeen: nullableTimestamp,
  sample: z.boolean(),
  orderUrl,
})
export type ProductOffer = z.infer<typeof productOfferSchema>
