import type { DispensaryStatus } from '../api/dispensary-status'
import type { Market } from '../api/common-schemas'
import { FRESHNESS_RANK, FRESHNESS_STATES, freshnessAt, parseUpdateTime, type Freshness } from './freshness'
import { normalize } from './format'
import { MENU_CATEGORIES } from './menu-categories'

/** StatusSummary holds the counts at the top of the status page. */
export type StatusSummary = {
  dispensaries: number
  monitored: number
  notMonitored: number
  /** menus is the number of market statuses (one per dispensary and market). */
  menus: number
  /** licensed counts the stores with an active licence on the state's roster; null before any roster was read. */
  licensed: number | null
} & Record<Freshness, number>

/**
 * UpdateTimes holds every tile's last update as epoch ms (null = never):
 * [dispensary][market][category]. Parsing happens once per snapshot, so
 * re-classifying when the clock ticks is only arithmetic.
 */
export type UpdateTimes = ReadonlyArray<ReadonlyArray<ReadonlyArray<number | null>>>

/** parseUpdateTimes reads the dates of every tile of a snapshot. */
export function parseUpdateTimes(dispensaries: readonly DispensaryStatus[]): UpdateTimes {
  return dispensaries.map((d) => d.marketStatuses.map((status) => MENU_CATEGORIES.map((category) => parseUpdateTime(status[category.dateField]))))
}

// The status page derives what it shows from a snapshot of 2,000 dispensaries: the
// tiles' dates, their freshness now, the counts, each store's search facts, the
// search's order. Each derivation is kept here per snapshot (weakly: SWR decides how
// long a snapshot lives) rather than in the screen's useMemo, whose values React drops
// when it restarts a render (a key pressed while the list redraws in the background):
// the restarted render finds them here instead of computing them again.

/**
 * lastPer remembers, for each key object, compute's results for the last few
 * arguments (same says when an argument is one of them again): a few, since while a
 * key's list renders in the background the screen still shows the one before.
 */
export function lastPer<K extends object, A, R>(compute: (key: K, arg: A) => R, same: (a: A, b: A) => boolean = Object.is): (key: K, arg: A) => R {
  const KEEP = 4
  const last = new WeakMap<K, { arg: A; result: R }[]>()
  return (key, arg) => {
    let kept = last.get(key)
    const hit = kept?.find((k) => same(k.arg, arg))
    if (hit) return hit.result
    const result = compute(key, arg)
    if (!kept) last.set(key, (kept = []))
    kept.unshift({ arg, result })
    kept.length = Math.min(kept.length, KEEP)
    return result
  }
}

const updateTimesBySnapshot = new WeakMap<readonly DispensaryStatus[], UpdateTimes>()

/** updateTimesOf is parseUpdateTimes, once per snapshot. */
export function updateTimesOf(dispensaries: readonly DispensaryStatus[]): UpdateTimes {
  let times = updateTimesBySnapshot.get(dispensaries)
  if (!times) updateTimesBySnapshot.set(dispensaries, (times = parseUpdateTimes(dispensaries)))
  return times
}

/** TileStates mirrors UpdateTimes with each tile's freshness at one moment. */
export type TileStates = ReadonlyArray<ReadonlyArray<ReadonlyArray<Freshness>>>

/** classifyTiles computes the freshness of every tile at nowMs. */
export function classifyTiles(times: UpdateTimes, nowMs: number): TileStates {
  return times.map((markets) => markets.map((tiles) => tiles.map((ms) => freshnessAt(ms, nowMs))))
}

const sameStates = (a: TileStates, b: TileStates) =>
  a.length === b.length && a.every((markets, i) => markets.every((tiles, m) => tiles.every((state, c) => state === b[i]?.[m]?.[c])))
const statesBefore = new WeakMap<UpdateTimes, TileStates>()

/**
 * tileStatesAt is classifyTiles, kept per snapshot and time. A new time that moves
 * no tile across a line (most minutes; the switch from the page's rendering time
 * to now after hydration) gives the states of the time before, the very same
 * object, so the counts, facts and order derived from them are not computed again.
 */
export const tileStatesAt = lastPer((times: UpdateTimes, nowMs: number) => {
  const states = classifyTiles(times, nowMs)
  const before = statesBefore.get(times)
  if (before && sameStates(before, states)) return before
  statesBefore.set(times, states)
  return states
})

/** summarize counts dispensaries, menus and tiles per freshness state. */
export function summarize(dispensaries: readonly DispensaryStatus[], states: TileStates): StatusSummary {
  const summary: StatusSummary = {
    dispensaries: dispensaries.length,
    monitored: 0,
    notMonitored: 0,
    menus: 0,
    licensed: null,
    current: 0,
    stale: 0,
    missing: 0,
  }
  dispensaries.forEach((d, i) => {
    if (d.monitored) summary.monitored++
    else summary.notMonitored++
    summary.menus += d.marketStatuses.length
    // onStateList is null on every store until a roster has been read.
    if (d.onStateList != null) summary.licensed ??= 0
    if (d.licence?.active) summary.licensed = (summary.licensed ?? 0) + 1
    for (const tiles of states[i] ?? []) for (const state of tiles) summary[state]++
  })
  return summary
}

/** summaryOf is summarize, once per snapshot and states. */
export const summaryOf = lastPer((states: TileStates, dispensaries: readonly DispensaryStatus[]) => summarize(dispensaries, states))

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
// which made sorting 2,000 names a visible pause on a slow phone. US English, not
// the visitor's locale: the status page's first cards are pre-rendered on a server
// in name order, and the browser must put them in the same order to hydrate them.
const collator = new Intl.Collator('en-US')

/** SearchKeys are each dispensary's search text and place in name order: they depend on the snapshot alone. */
type SearchKeys = { text: string[]; nameRank: number[] }
const searchKeysBySnapshot = new WeakMap<readonly DispensaryStatus[], SearchKeys>()

/** searchKeys computes the search keys of a snapshot once, however often the clock or the market filter changes. */
function searchKeys(dispensaries: readonly DispensaryStatus[]): SearchKeys {
  let keys = searchKeysBySnapshot.get(dispensaries)
  if (keys) return keys
  const nameRank = new Array<number>(dispensaries.length)
  dispensaries
    .map((_, i) => i)
    .sort((a, b) => collator.compare(dispensaries[a]?.name ?? '', dispensaries[b]?.name ?? ''))
    .forEach((i, position) => (nameRank[i] = position))
  keys = { text: dispensaries.map(searchText), nameRank }
  searchKeysBySnapshot.set(dispensaries, keys)
  return keys
}

/** storeFacts computes each dispensary's search text, best freshness and latest update, within one market when given. */
export function storeFacts(dispensaries: readonly DispensaryStatus[], times: UpdateTimes, states: TileStates, market: Market | ''): StoreFacts[] {
  const { text, nameRank } = searchKeys(dispensaries)
  // Plain loops: this runs over every dispensary each time the clock moves a tile or the market filter changes.
  const facts = new Array<StoreFacts>(dispensaries.length)
  for (let i = 0; i < dispensaries.length; i++) {
    const statuses = dispensaries[i]?.marketStatuses ?? []
    let best = FRESHNESS_RANK.missing
    let lastMs: number | null = null
    for (let m = 0; m < statuses.length; m++) {
      if (market && statuses[m]?.market !== market) continue
      for (const state of states[i]?.[m] ?? []) best = Math.min(best, FRESHNESS_RANK[state])
      for (const ms of times[i]?.[m] ?? []) if (ms !== null && (lastMs === null || ms > lastMs)) lastMs = ms
    }
    facts[i] = { text: text[i] ?? '', best: FRESHNESS_STATES[best] ?? 'missing', lastMs, nameRank: nameRank[i] ?? i }
  }
  return facts
}

/** FactsOf are what storeFacts reads besides the tiles' states. */
type FactsOf = { dispensaries: readonly DispensaryStatus[]; times: UpdateTimes; market: Market | '' }

/** storeFactsOf is storeFacts, once per snapshot, states and market. */
export const storeFactsOf = lastPer(
  (states: TileStates, { dispensaries, times, market }: FactsOf) => storeFacts(dispensaries, times, states, market),
  (a, b) => a.dispensaries === b.dispensaries && a.times === b.times && a.market === b.market,
)
