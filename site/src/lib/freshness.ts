/** Freshness is how recent a menu category's last update is (the freshness package's rule, shared through freshness/testdata/vectors.json). */
export type Freshness = 'current' | 'stale' | 'missing'

/** FRESHNESS_STATES are the states, freshest first. */
export const FRESHNESS_STATES: readonly Freshness[] = ['current', 'stale', 'missing']

/** FRESHNESS_RANK orders the states, freshest first (current 0, stale 1, missing 2). */
export const FRESHNESS_RANK: Readonly<Record<Freshness, number>> = { current: 0, stale: 1, missing: 2 }

/** bestFreshness is the freshest of several states (missing when there are none). */
export function bestFreshness(states: Iterable<Freshness>): Freshness {
  let best: Freshness = 'missing'
  for (const s of states) if (FRESHNESS_RANK[s] < FRESHNESS_RANK[best]) best = s
  return best
}

const HOUR_MS = 3_600_000
/** Under this many hours a menu is current. */
export const CURRENT_UNDER_HOURS = 16
/** From CURRENT_UNDER_HOURS up to (not including) this many hours a menu is stale; after it, missing. */
export const STALE_UNDER_HOURS = 36

/**
 * parseUpdateTime turns a published last-update date into epoch milliseconds,
 * or null when there is none or it cannot be read (which counts as missing).
 */
export function parseUpdateTime(lastUpdate: string | null | undefined): number | null {
  if (lastUpdate == null || lastUpdate === '') return null
  const ms = Date.parse(lastUpdate)
  return Number.isNaN(ms) ? null : ms
}

/**
 * freshnessAt classifies a last update (epoch ms, null = never) as seen at nowMs.
 * Ages are compared in milliseconds so the 16 h and 36 h edges are exact.
 * A date in the future (clock skew) counts as current.
 */
export function freshnessAt(lastUpdateMs: number | null, nowMs: number): Freshness {
  if (lastUpdateMs === null || !Number.isFinite(lastUpdateMs)) return 'missing'
  const ageMs = nowMs - lastUpdateMs
  if (ageMs < CURRENT_UNDER_HOURS * HOUR_MS) return 'current'
  if (ageMs < STALE_UNDER_HOURS * HOUR_MS) return 'stale'
  return 'missing'
}

/** freshnessOf classifies a published date string as seen at nowMs. */
export function freshnessOf(lastUpdate: string | null | undefined, nowMs: number): Freshness {
  return freshnessAt(parseUpdateTime(lastUpdate), nowMs)
}
