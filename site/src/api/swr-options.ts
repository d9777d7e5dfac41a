import type { State, SWRConfiguration } from 'swr'
import { createIdleCache } from './idle-cache'
import { isRetryable, MAX_RETRIES, onErrorRetry } from './retry'

/**
 * swrOptions is the app-wide SWR setup: the spec's retry policy (3 retries,
 * 1 s doubling, 30 s cap; none for shape errors or 4xx) and the idle-expiring
 * cache. Tests reuse it with their own fresh `provider`.
 */
export const swrOptions = {
  shouldRetryOnError: isRetryable,
  errorRetryCount: MAX_RETRIES,
  onErrorRetry,
  // Snapshots change at most once per publish run; SWR's default stale-while-
  // revalidate (show cached, refetch on mount and focus) is the right freshness.
  dedupingInterval: 2_000,
} satisfies SWRConfiguration

/** createAppCache returns the cache provider the app runs with. */
export const createAppCache = () => createIdleCache<State>()
