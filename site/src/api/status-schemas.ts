import * as z from 'zod/mini'
import { MARKETS, timestamp } from './common-schemas'

// The shape of api/DispensaryStatus (DESIGN.md §6, publish/SNAPSHOTS.md), read
// by the status page and the map. Apart from schemas.ts so that the homepage,
// which never shows it, does not load it.

// -1 (or less) means publish does not know the count.
const productCount = z.int()

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

/** statusSnapshots maps the status snapshot's name to its shape. */
export const statusSnapshots = {
  DispensaryStatus: z.array(dispensaryStatusSchema),
} as const

export type StatusSnapshots = typeof statusSnapshots
