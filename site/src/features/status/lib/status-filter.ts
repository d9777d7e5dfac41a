import type { DispensaryStatus } from '@/api/dispensary-status'
import { licensedWithoutMenu } from '@/api/store-listing'
import type { Market } from '@/api/common-schemas'
import type { Freshness } from '@/lib/freshness'
import { normalize } from '@/lib/format'
import { lastPer, type StoreFacts } from '@/lib/status-summary'

/** StatusFilters are the status page's search, filters and sort. Empty strings mean "any". */
export type StatusFilters = {
  query: string
  region: string
  market: Market | ''
  monitored: 'yes' | 'no' | ''
  freshness: Freshness | ''
  /** listing narrows to what the state's roster says: licensed stores with no menu known, or stores it does not list. */
  listing: StateListing | ''
  sort: 'name' | 'updated'
}

export const STATE_LISTINGS = ['licensed-no-menu', 'not-listed'] as const
export type StateListing = (typeof STATE_LISTINGS)[number]

/** onListing says whether a dispensary is what a state listing filter asks for. */
export function onListing(d: DispensaryStatus, listing: StateListing): boolean {
  return listing === 'licensed-no-menu' ? licensedWithoutMenu(d) : d.onStateList === false
}

export const DEFAULT_STATUS_FILTERS: StatusFilters = {
  query: '',
  region: '',
  market: '',
  monitored: '',
  freshness: '',
  listing: '',
  sort: 'name',
}

/**
 * filterStatus returns the indexes of the dispensaries that match filters, in
 * the chosen order: by name, or most recently updated first (never updated last).
 * Every word of the query must appear in the name, city, street or county.
 */
export function filterStatus(dispensaries: readonly DispensaryStatus[], facts: readonly StoreFacts[], filters: StatusFilters): number[] {
  const words = normalize(filters.query).split(/\s+/).filter(Boolean)
  const out: number[] = []
  dispensaries.forEach((d, i) => {
    const f = facts[i]
    if (!f) return
    if (filters.region && d.region !== filters.region) return
    if (filters.market && !d.marketStatuses.some((s) => s.market === filters.market)) return
    if (filters.monitored && d.monitored !== (filters.monitored === 'yes')) return
    if (filters.freshness && f.best !== filters.freshness) return
    if (filters.listing && !onListing(d, filters.listing)) return
    if (!words.every((w) => f.text.includes(w))) return
    out.push(i)
  })
  // facts come in name order (storeFacts' nameRank), so sorting by name is a sort of small integers.
  const byName = (a: number, b: number) => (facts[a]?.nameRank ?? 0) - (facts[b]?.nameRank ?? 0)
  if (filters.sort === 'updated') {
    out.sort((a, b) => (facts[b]?.lastMs ?? -Infinity) - (facts[a]?.lastMs ?? -Infinity) || byName(a, b))
  } else {
    out.sort(byName)
  }
  return out
}

/**
 * filterStatusOf is filterStatus, kept for the last filters of each set of facts
 * (a render restarted after a keystroke finds the order it had computed).
 */
export const filterStatusOf = lastPer(
  (facts: readonly StoreFacts[], { dispensaries, filters }: { dispensaries: readonly DispensaryStatus[]; filters: StatusFilters }) =>
    filterStatus(dispensaries, facts, filters),
  (a, b) => a.dispensaries === b.dispensaries && a.filters === b.filters,
)

/** regionsOf lists the regions the dispensaries are in, sorted. */
export function regionsOf(dispensaries: readonly DispensaryStatus[]): string[] {
  return [...new Set(dispensaries.map((d) => d.region).filter((r): r is string => !!r))].sort()
}
