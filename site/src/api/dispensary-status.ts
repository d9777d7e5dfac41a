import * as v from 'valibot'
import { market, productCount, timestamp } from './common-schemas'
import { guarded } from './fast-check'
import { storeListing } from './store-listing'
import { useSnapshot } from './use-snapshot'

// api/DispensaryStatus (publish/SNAPSHOTS.md): every dispensary with its menus'
// last updates, read by the status page and the map (so shared), never by the
// homepage.

export const marketStatusSchema = v.looseObject({
  market,
  lastFlower: v.nullable(timestamp),
  lastPreroll: v.nullable(timestamp),
  lastVape: v.nullable(timestamp),
  lastExtract: v.nullable(timestamp),
  lastEdible: v.nullable(timestamp),
  lastFlowerCount: productCount,
  lastPrerollCount: productCount,
  lastVapeCount: productCount,
  lastExtractCount: productCount,
  lastEdibleCount: productCount,
  menuUrl: v.optional(v.nullable(v.string())),
  // The platform that served the latest menu: the menu's own, or an alternative
  // source read when that one was blocked; null when none has.
  source: v.optional(v.nullable(v.string())),
})
export type MarketStatus = v.InferOutput<typeof marketStatusSchema>

export const dispensaryStatusSchema = v.looseObject({
  name: v.string(),
  location: v.string(),
  monitored: v.boolean(),
  marketStatuses: v.array(marketStatusSchema),
  // Published beside the first fields (publish/SNAPSHOTS.md); optional so an
  // older snapshot without them still shows.
  slug: v.optional(v.string()),
  city: v.optional(v.string()),
  address: v.optional(v.string()),
  county: v.optional(v.string()),
  region: v.optional(v.string()),
  lat: v.optional(v.number()),
  lng: v.optional(v.number()),
  // "store" or "city"; read leniently: an unknown value only loses the city-centre note.
  coordinates: v.optional(v.string()),
  website: v.optional(v.string()),
  verified: v.optional(v.boolean()),
  platforms: v.optional(v.nullable(v.array(v.string()))),
  // What the state's roster says of the store (licence, phone, hours…).
  ...storeListing,
})
export type DispensaryStatus = v.InferOutput<typeof dispensaryStatusSchema>

// 2,000 stores: checked by its guard (fast-check.ts), valibot only for one that fails it.
export const dispensaryStatusListSchema = guarded(v.array(dispensaryStatusSchema))

/** useDispensaryStatus loads api/DispensaryStatus. */
export function useDispensaryStatus() {
  return useSnapshot('DispensaryStatus', dispensaryStatusListSchema)
}
