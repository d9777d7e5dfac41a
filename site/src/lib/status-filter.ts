import type { DispensaryStatus, Market } from '../api/schemas'
import type { Freshness } from './freshness'
import type { TileStates, UpdateTimes } from './status-summary'

/** StatusFilters are the status page's search, filters and sort. Empty strings mean "any". */
export type StatusFilters = {
  query: string
  region: string
  market: Market | ''
  monitored: 'yes' | 'no' | ''
  freshness: Freshness | ''
  sort: 'name' | 'updated'
}

export const DEFAULT_STATUS_FILTERS: StatusFilters = {
  query: '',
  region: '',
  market: '',
  monitored: '',
  freshness: '',
  sort: 'name',
}

const RANK: Record<Freshness, number> = { current: 0, stale: 1, missing: 2 }

/** normalize lower-cases and strips accents, so "akron" finds "Akron" and "cafe" finds "Café". */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/** searchText is what a dispensary's search matches: name, location, city, street and county. */
export function searchText(d: DispensaryStatus): string {
  return normalize([d.name, d.location, d.city, d.address, d.county].filter(Boolean).join(' '))
}

/** dispensarySlug is a dispensary's anchor: its published slug, or one made from its name. */
export function dispensarySlug(d: DispensaryStatus): string {
  if (d.slug) return d.slug
  return normalize(d.name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * StoreFacts are what filtering and sorting need per dispensary, computed once
 * per snapshot and clock tick so a keystroke only compares strings.
 */
export type StoreFacts = { text: string; best: Freshness; lastMs: number | null; nameRank: number }

// One collator for every comparison: String#localeCompare builds one per call,
// which made sorting 2,000 names a visible pause on a slow phone.
const collator = new Intl.Collator()

/** storeFacts computes each dispensary's search text, best freshness and latest update, within one market when given. */
export function storeFacts(dispensaries: readonly DispensaryStatus[], times: UpdateTimes, states: TileStates, market: Market | ''): StoreFacts[] {
  const rank = new Array<number>(dispensaries.length)
  dispensaries
    .map((_, i) => i)
    .sort((a, b) => collator.compare(dispensaries[a]?.name ?? '', dispensaries[b]?.name ?? ''))
    .forEach((i, position) => (rank[i] = position))
  return dispensaries.map((d, i) => {
    let best: Freshness = 'missing'
    let lastMs: number | null = null
    d.marketStatuses.forEach((status, m) => {
      if (market && status.market !== market) return
      for (const state of states[i]?.[m] ?? []) if (RANK[state] < RANK[best]) best = state
      for (const ms of times[i]?.[m] ?? []) if (ms !== null && (lastMs === null || ms > lastMs)) lastMs = ms
    })
    return { text: searchText(d), best, lastMs, nameRank: rank[i] ?? i }
  })
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

/** regionsOf lists the regions the dispensaries are in, sorted. */
export function regionsOf(dispensaries: readonly DispensaryStatus[]): string[] {
  return [...new Set(dispensaries.map((d) => d.region).filter((r): r is string => !!r))].sort()
}
