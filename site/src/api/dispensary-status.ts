import * as z from 'zod/mini'
import { market, productCount, timestamp } from './common-schemas'
import { guarded } from './fast-check'
import { storeListing } from './store-listing'
import { useSnapshot } from './use-snapshot'

// api/DispensaryStatus (publish/SNAPSHOTS.md): every dispensary with its menus'
// last updates, read by the status page and the map (so shared), never by the
// homepage.

export const marketStatusSchema = z.looseObject({
  market,
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
  // The platform that served the latest menu: the menu's own, or an alternative
  // source read when that one was blocked; null when none has.
  source: z.optional(z.nullable(z.string())),
})
export type MarketStatus = z.infer<typeof marketStatusSchema>

export const dispensaryStatusSchema = z.looseObject({
  name: z.string(),
  location: z.string(),
  monitored: z.boolean(),
  marketStatuses: z.array(marketStatusSchema),
  // Published beside the first fields (publish/SNAPSHOTS.md); optional so an
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
  // What the state's roster says of the store (licence, phone, hours…).
  ...storeListing,
})
export type DispensaryStatus = z.infer<typeof dispensaryStatusSchema>

// 2,000 stores: checked by its guard (fast-check.ts), zod only for one that fails it.
export const dispensaryStatusListSchema = guarded(z.array(dispensaryStatusSchema))

/** useDispensaryStatus loads api/DispensaryStatus. */
export function useDispensaryStatus() {
  return useSnapshot('DispensaryStatus', dispensaryStatusListSchema)
}
