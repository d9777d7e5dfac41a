import * as v from 'valibot'
import { day } from './common-schemas'

// The store listing fields (publish/SNAPSHOTS.md, "Store listing: the state's roster"):
// what the state's dispensary roster says of a store, on every store of
// api/DispensaryStatus, api/search/stores and api/menus/<slug>. Each is optional, so
// a tree published before the roster still reads.

const hhmm = v.pipe(v.string(), v.regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'a time written "HH:MM"'))
const dayHours = v.nullable(v.array(v.looseObject({ opens: hhmm, closes: hhmm })))

/** openingHoursSchema is a store's week as publish writes it: null days unknown, [] closed. */
export const openingHoursSchema = v.looseObject({
  timeZone: v.string(),
  mon: dayHours,
  tue: dayHours,
  wed: dayHours,
  thu: dayHours,
  fri: dayHours,
  sat: dayHours,
  sun: dayHours,
})

/** OpeningHours is a store's week as publish writes it (hours.Week). */
export type OpeningHours = v.InferOutput<typeof openingHoursSchema>

/** licenceSchema is a store's licence as the roster lists it. */
export const licenceSchema = v.looseObject({
  number: v.string(),
  status: v.string(),
  active: v.boolean(),
  type: v.string(),
  since: v.nullable(day),
  sample: v.optional(v.boolean()),
})
export type Licence = v.InferOutput<typeof licenceSchema>

/** storeListing are the fields to spread into a store's schema. */
export const storeListing = {
  licence: v.optional(v.nullable(licenceSchema)),
  phone: v.optional(v.nullable(v.string())),
  hours: v.optional(v.nullable(v.string())),
  openingHours: v.optional(v.nullable(openingHoursSchema)),
  // false: "not on the state's list"; null: no roster read yet.
  onStateList: v.optional(v.nullable(v.boolean())),
  medical: v.optional(v.boolean()),
  adultUse: v.optional(v.boolean()),
  // The county's total sales tax rate (state and county), per cent; null when the county is unknown.
  salesTaxPercent: v.optional(v.nullable(v.number())),
}

/** StoreListing is what a store of any of those files may say of its listing. */
export type StoreListing = {
  licence?: Licence | null
  phone?: string | null
  hours?: string | null
  openingHours?: OpeningHours | null
  onStateList?: boolean | null
  medical?: boolean
  adultUse?: boolean
  salesTaxPercent?: number | null
}

/** licensedWithoutMenu: a store the state licenses (active) that has no menu we read. */
export function licensedWithoutMenu(store: StoreListing & { marketStatuses: readonly unknown[] }): boolean {
  return store.licence?.active === true && store.marketStatuses.length === 0
}
