import * as z from 'zod/mini'
import { market, money, nullableTimestamp, saleLowSchema, timestamp, unit } from '@/api/common-schemas'

// The homepage's snapshots (publish/SNAPSHOTS.md): api/statistics and
// api/announcements, the only shapes the homepage's JavaScript carries.

// A deal (publish.Deal) always writes every field, so each is required here: a field
// renamed in Go fails the shape check instead of showing as blank.
export const dealSchema = z.looseObject({
  storeName: z.string(),
  storeLocation: z.string(),
  name: z.string(),
  cost: money,
  brand: z.string(),
  size: z.string(),
  unitPrice: z.nullable(money),
  unit,
  onSale: z.boolean(),
  // The price before the sale, struck beside the cost (null when not on sale).
  regularPrice: z.nullable(money),
  // On sale, the 30-day low before the sale (SNAPSHOTS.md, Lows); null when not on sale.
  saleLow: z.nullable(saleLowSchema),
  market,
  // The store's slug (its status card) and when its menu category was read.
  slug: z.string(),
  lastUpdate: nullableTimestamp,
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
  // A strain as its page names it, how many stores have it (current menus) and its page's slug.
  topFlower: z.array(z.looseObject({ name: z.string(), count: z.int(), slug: z.string() })),
  topDeals: z.array(regionDealsSchema),
})
export type Statistics = z.infer<typeof statisticsSchema>

export const announcementSchema = z.looseObject({ text: z.string() })
export type Announcement = z.infer<typeof announcementSchema>
