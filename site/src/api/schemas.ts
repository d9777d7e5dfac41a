import * as z from 'zod/mini'
import type { contentSnapshots } from './content-schemas'
import type { ExploreSnapshots } from './explore-schemas'
import type { ShopSnapshots } from './shop-schemas'

// The shapes omc publish writes (DESIGN.md §6). Objects are loose: publish may
// add fields (slug, region, unit, ...) without breaking a deployed site.

const timestamp = z.iso.datetime({ offset: true })
// -1 (or less) means publish does not know the count.
const productCount = z.int()

export const MARKETS = ['recreational', 'medical'] as const
export type Market = (typeof MARKETS)[number]

export const marketStatusSchema = z.looseObject({
  market: z.enum(MARKETS),
  lastFlower: z.nullable(timestamp),
  lastPreroll: z.nullable(timestamp),
  lastVape: z.nullable(timestamp),
  lastExtract: z.nullable(timestamp),
  lastEdible: z.nullable(timestamp),
  lastFlowerCount: productCount,
  lastPrerollCount: productCount,
  lastVapeCount: productCount,
  lastExtractCount: productCount,
  lastEdibleCount: productCount,
  menuUrl: z.optional(z.nullable(z.string())),
})
export type MarketStatus = z.infer<typeof marketStatusSchema>

export const dispensaryStatusSchema = z.looseObject({
  name: z.string(),
  location: z.string(),
  monitored: z.boolean(),
  marketStatuses: z.array(marketStatusSchema),
  // Published beside SPEC §3's fields (publish/SNAPSHOTS.md); optional so an
  // older snapshot without them still shows.
  slug: z.optional(z.string()),
  city: z.optional(z.string()),
  address: z.optional(z.string()),
  county: z.optional(z.string()),
  region: z.optional(z.string()),
  lat: z.optional(z.number()),
  lng: z.optional(z.number()),
  // "store" or "city"; read leniently: an unknown value only loses the city-centre note.
  coordinates: z.optional(z.string()),
  website: z.optional(z.string()),
  verified: z.optional(z.boolean()),
  platforms: z.optional(z.nullable(z.array(z.string()))),
})
export type DispensaryStatus = z.infer<typeof dispensaryStatusSchema>

export const dealSchema = z.looseObject({
  storeName: z.string(),
  storeLocation: z.string(),
  name: z.string(),
  cost: z.number().check(z.nonnegative()),
  // What a shopper needs beside the cost (publish.Deal); optional, so an older snapshot still shows.
  size: z.optional(z.string()),
  unitPrice: z.optional(z.nullable(z.number())),
  unit: z.optional(z.nullable(z.enum(['g', '100mg']))),
  market: z.optional(z.enum(MARKETS)),
  onSale: z.optional(z.boolean()),
})
export type Deal = z.infer<typeof dealSchema>

// A category with no deals may be left out or, from a Go nil slice, be null.
const dealList = z.optional(z.nullable(z.array(dealSchema)))

export const regionDealsSchema = z.looseObject({
  region: z.string(),
  flower: dealList,
  vape: dealList,
  edible: dealList,
  extract: dealList,
})
export type RegionDeals = z.infer<typeof regionDealsSchema>

export const statisticsSchema = z.looseObject({
  generatedAt: timestamp,
  topFlower: z.array(z.looseObject({ name: z.string(), count: z.int() })),
  topDeals: z.array(regionDealsSchema),
})
export type Statistics = z.infer<typeof statisticsSchema>

export const announcementSchema = z.looseObject({ text: z.string() })
export type Announcement = z.infer<typeof announcementSchema>

/**
 * coreSnapshots maps the snapshots of the homepage and status page (the name
 * after /api/) to their shapes. The other screens' shapes are in
 * content-schemas.ts, so that their code loads with those screens only.
 */
export const coreSnapshots = {
  DispensaryStatus: z.array(dispensaryStatusSchema),
  statistics: statisticsSchema,
  announcements: z.array(announcementSchema),
} as const

export type CoreSnapshotName = keyof typeof coreSnapshots

/** Snapshots is every published snapshot's shape, by name. */
export type Snapshots = typeof coreSnapshots & typeof contentSnapshots & ExploreSnapshots & ShopSnapshots

export type SnapshotName = keyof Snapshots
export type SnapshotData<N extends SnapshotName> = z.infer<Snapshots[N]>

// The shopping snapshots' shapes are in shop-schemas.ts: the homepage never loads them.
// Their types are re-exported here (types only: nothing is added to the homepage's JavaScript).
export type {
  Category,
  DealOffer,
  DealsIndex,
  DealsRegion,
  Menu,
  MenuOffer,
  Product,
  ProductOffer,
  SearchOfferRow,
  SearchShard,
  SearchStores,
  Strain,
  StrainsIndex,
  Terpene,
  TerpenesIndex,
  Trends,
} from './shop-schemas'
