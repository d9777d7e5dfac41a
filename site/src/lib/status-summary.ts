import type { DispensaryStatus } from '../api/schemas'
import { freshnessAt, parseUpdateTime, type Freshness } from './freshness'
import { MENU_CATEGORIES } from './menu-categories'

/** StatusSummary holds the counts at the top of the status page. */
export type StatusSummary = {
  dispensaries: number
  monitored: number
  notMonitored: number
  /** menus is the number of market statuses (one per dispensary and market). */
  menus: number
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
    current: 0,
    stale: 0,
    missing: 0,
  }
  dispensaries.forEach((d, i) => {
    if (d.monitored) summary.monitored++
    else summary.notMonitored++
    summary.menus += d.marketStatuses.length
    for (const tiles of states[i] ?? []) for (const state of tiles) summary[state]++
  })
  return summary
}
