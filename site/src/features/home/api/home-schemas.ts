import * as z from 'zod/mini'
import { market, money, timestamp, unit } from '../../../api/common-schemas'

// The homepage's snapshots (publish/SNAPSHOTS.md): api/statistics and
// api/announcements, the only shapes the homepage's JavaScript carries.

export const dealSchema = z.looseObject({
  storeName: z.string(),
  storeLocation: z.string(),
  name: z.string(),
  cost: money,
  // What a shopper needs beside the cost (publish.Deal); optional, so an older snapshot still shows.
  size: z.optional(z.string()),
  unitPrice: z.optional(z.nullable(z.number())),
  unit: z.optional(unit),
  market: z.optional(market),
  onSale: z.optional(z.boolean()),
  // The price before the sale, struck beside the cost (only on sale), and when the menu was read.
  regularPrice: z.optional(z.nullable(money)),
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
