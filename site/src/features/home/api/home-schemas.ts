import * as v from 'valibot'
import { int, market, money, nullableTimestamp, saleLowSchema, timestamp, unit } from '@/api/common-schemas'

// The homepage's snapshots (publish/SNAPSHOTS.md): api/statistics and
// api/announcements, the only shapes the homepage's JavaScript carries.

// A deal (publish.Deal) always writes every field, so each is required here: a field
// renamed in Go fails the shape check instead of showing as blank.
export const dealSchema = v.looseObject({
  storeName: v.string(),
  storeLocation: v.string(),
  name: v.string(),
  cost: money,
  brand: v.string(),
  size: v.string(),
  unitPrice: v.nullable(money),
  unit,
  onSale: v.boolean(),
  // The price before the sale, struck beside the cost (null when not on sale).
  regularPrice: v.nullable(money),
  // On sale, the 30-day low before the sale (SNAPSHOTS.md, Lows); null when not on sale.
  saleLow: v.nullable(saleLowSchema),
  market,
  // The store's slug (its status card) and when its menu category was read.
  slug: v.string(),
  lastUpdate: nullableTimestamp,
})
export type Deal = v.InferOutput<typeof dealSchema>

// A category with no deals may be left out or, from a Go nil slice, be null.
const dealList = v.optional(v.nullable(v.array(dealSchema)))

export const regionDealsSchema = v.looseObject({
  region: v.string(),
  flower: dealList,
  vape: dealList,
  edible: dealList,
  extract: dealList,
})
export type RegionDeals = v.InferOutput<typeof regionDealsSchema>

export const statisticsSchema = v.looseObject({
  generatedAt: timestamp,
  // A strain as its page names it, how many stores have it (current menus) and its page's slug.
  topFlower: v.array(v.looseObject({ name: v.string(), count: int, slug: v.string() })),
  topDeals: v.array(regionDealsSchema),
})
export type Statistics = v.InferOutput<typeof statisticsSchema>

export const announcementSchema = v.looseObject({ text: v.string() })
export type Announcement = v.InferOutput<typeof announcementSchema>
