import type { DispensaryStatus } from '../api/dispensary-status'
import type { Market } from '../api/common-schemas'
import { bestFreshness, freshnessAt, parseUpdateTime, type Freshness } from './freshness'
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

/** TileStates mirrors UpdateTimes with each tile's freshness at one moment. */
export type TileStates = ReadonlyArray<ReadonlyArray<ReadonlyArray<Freshness>>>

/** classifyTiles computes the freshness of every tile at nowMs. */
export function classifyTiles(times: UpdateTimes, nowMs: number): TileStates {
  return times.map((markets) => markets.map((tiles) => tiles.map((ms) => freshnessAt(ms, nowMs))))
}

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
  return dispensaries.map((d, i) => {
    const tiles: Freshness[] = []
    let lastMs: number | null = null
    d.marketStatuses.forEach((status, m) => {
      if (market && status.market !== market) return
      tiles.push(...(states[i]?.[m] ?? []))
      for (const ms of times[i]?.[m] ?? []) if (ms !== null && (lastMs === null || ms > lastMs)) lastMs = ms
    })
    return { text: text[i] ?? '', best: bestFreshness(tiles), lastMs, nameRank: nameRank[i] ?? i }
  })
}
