import * as z from 'zod/mini'
import { day } from './common-schemas'

// The store listing fields (publish/SNAPSHOTS.md, "Store listing: the state's roster"):
// what the state's dispensary roster says of a store, on every store of
// api/DispensaryStatus, api/search/stores and api/menus/<slug>. Each is optional, so
// a tree published before the roster still reads.

const hhmm = z.string().check(z.regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'a time written "HH:MM"'))
const dayHours = z.nullable(z.array(z.looseObject({ opens: hhmm, closes: hhmm })))

/** openingHoursSchema is a store's week as publish writes it: null days unknown, [] closed. */
export const openingHoursSchema = z.looseObject({
  timeZone: z.string(),
  mon: dayHours,
  tue: dayHours,
  wed: dayHours,
  thu: dayHours,
  fri: dayHours,
  sat: dayHours,
  sun: dayHours,
})

/** OpeningHours is a store's week as publish writes it (hours.Week). */
export type OpeningHours = z.infer<typeof openingHoursSchema>

/** licenceSchema is a store's licence as the roster lists it. */
export const licenceSchema = z.looseObject({
  number: z.string(),
  status: z.string(),
  active: z.boolean(),
  type: z.string(),
  since: z.nullable(day),
  sample: z.optional(z.boolean()),
})
export type Licence = z.infer<typeof licenceSchema>

/** storeListing are the fields to spread into a store's schema. */
export const storeListing = {
  licence: z.optional(z.nullable(licenceSchema)),
  phone: z.optional(z.nullable(z.string())),
  hours: z.optional(z.nullable(z.string())),
  openingHours: z.optional(z.nullable(openingHoursSchema)),
  // false: "not on the state's list"; null: no roster read yet.
  onStateList: z.optional(z.nullable(z.boolean())),
  medical: z.optional(z.boolean()),
  adultUse: z.optional(z.boolean()),
  // The county's total sales tax rate (state and county), per cent; null when the county is unknown.
  salesTaxPercent: z.optional(z.nullable(z.number())),
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
