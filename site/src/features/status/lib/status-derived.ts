import type { DispensaryStatus } from '../../../api/dispensary-status'
import type { Market } from '../../../api/common-schemas'
import {
  classifyTiles,
  parseUpdateTimes,
  storeFacts,
  summarize,
  type StatusSummary,
  type StoreFacts,
  type TileStates,
  type UpdateTimes,
} from '../../../lib/status-summary'
import { filterStatus, type StatusFilters } from './status-filter'

// What the status page derives from its snapshot, kept beside the objects it was
// derived from rather than in React's useMemo: a search or a clock tick renders in
// the background (useDeferredValue), and React throws away the work of a background
// render that a keystroke interrupts, useMemo's included. Kept here, a result
// survives that, so each is computed once per snapshot (times, search keys), per
// change of a tile's state (summary, facts) or per search (order), not once per
// attempt. WeakMaps: a snapshot no longer shown takes its results with it.

const timesOf = new WeakMap<readonly DispensaryStatus[], UpdateTimes>()
const lastStatesOf = new WeakMap<UpdateTimes, TileStates>()
const summaryOf = new WeakMap<TileStates, StatusSummary>()
const factsOf = new WeakMap<TileStates, Map<Market | '', StoreFacts[]>>()
const lastOrderOf = new WeakMap<readonly StoreFacts[], { filters: StatusFilters; order: number[] }>()

/** updateTimesOf is every tile's last update (epoch ms) of a snapshot, parsed once. */
export function updateTimesOf(data: readonly DispensaryStatus[]): UpdateTimes {
  let times = timesOf.get(data)
  if (!times) timesOf.set(data, (times = parseUpdateTimes(data)))
  return times
}

/**
 * tileStatesAt is every tile's freshness at nowMs. When no tile has changed state
 * since the last call for these times, it is the same object as then, so what is
 * derived from the states (summary, facts, order) is not computed again: a clock
 * tick, or the page's rendering time giving way to now after hydration, usually
 * moves no tile across the 16 h or 36 h line.
 */
export function tileStatesAt(times: UpdateTimes, nowMs: number): TileStates {
  const states = classifyTiles(times, nowMs)
  const last = lastStatesOf.get(times)
  if (last && sameStates(last, states)) return last
  lastStatesOf.set(times, states)
  return states
}

function sameStates(a: TileStates, b: TileStates): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const ma = a[i] ?? []
    const mb = b[i] ?? []
    if (ma.length !== mb.length) return false
    for (let m = 0; m < ma.length; m++) {
      const ta = ma[m] ?? []
      const tb = mb[m] ?? []
      if (ta.length !== tb.length) return false
      for (let c = 0; c < ta.length; c++) if (ta[c] !== tb[c]) return false
    }
  }
  return true
}

/** summaryAt counts dispensaries, menus and tiles per state, once per set of states. */
export function summaryAt(data: readonly DispensaryStatus[], states: TileStates): StatusSummary {
  let summary = summaryOf.get(states)
  if (!summary) summaryOf.set(states, (summary = summarize(data, states)))
  return summary
}

/** factsAt are each dispensary's search text, best freshness and latest update (in one market when given), once per set of states and market. */
export function factsAt(data: readonly DispensaryStatus[], times: UpdateTimes, states: TileStates, market: Market | ''): StoreFacts[] {
  let byMarket = factsOf.get(states)
  if (!byMarket) factsOf.set(states, (byMarket = new Map()))
  let facts = byMarket.get(market)
  if (!facts) byMarket.set(market, (facts = storeFacts(data, times, states, market)))
  return facts
}

/** orderFor is filterStatus, remembered for the last search on these facts (a restarted render asks again). */
export function orderFor(data: readonly DispensaryStatus[], facts: readonly StoreFacts[], filters: StatusFilters): number[] {
  const last = lastOrderOf.get(facts)
  if (last && sameFilters(last.filters, filters)) return last.order
  const order = filterStatus(data, facts, filters)
  lastOrderOf.set(facts, { filters, order })
  return order
}

function sameFilters(a: StatusFilters, b: StatusFilters): boolean {
  return (Object.keys(a) as (keyof StatusFilters)[]).every((key) => a[key] === b[key])
}
