import * as z from 'zod/mini'
import { MARKETS, timestamp } from './common-schemas'
import type { contentSnapshots } from './content-schemas'
import type { ExploreSnapshots } from './explore-schemas'
import type { ShopSnapshots } from './shop-schemas'
import type { StatusSnapshots } from './status-schemas'

// The shapes omc publish writes (DESIGN.md §6). Objects are loose: publish may
// add fields (slug, region, unit, ...) without breaking a deployed site.

export type { Market } from './common-schemas'

// The status page's shapes (DispensaryStatus) are in status-schemas.ts, loaded
// with the status page and the map, not with the homepage.
export type { DispensaryStatus, MarketStatus } from './status-schemas'

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
  // The price before the sale, struck beside the cost (only on sale), and when the menu was read.
  regularPrice: z.optional(z.nullable(z.number().check(z.nonnegative()))),
  lastUpdate: z.optional(z.nullable(z.string())),
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
 * coreSnapshots maps the snapshots of the homepage (the name after /api/) to
 * their shapes. The other screens' shapes are in status-schemas.ts,
 * content-schemas.ts and the others, so that their code loads with those
 * screens only.
 */
export const coreSnapshots = {
  statistics: statisticsSchema,
  announcements: z.array(announcementSchema),
} as const

export type CoreSnapshotName = keyof typeof coreSnapshots

/** Snapshots is every published snapshot's shape, by name. */
export type Snapshots = typeof coreSnapshots & StatusSnapshots & typeof contentSnapshots & ExploreSnapshots & ShopSnapshots

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
  SearchShard,
  SearchStores,
  Strain,
  StrainsIndex,
  Terpene,
  TerpenesIndex,
  Trends,
} from './shop-schemas'
