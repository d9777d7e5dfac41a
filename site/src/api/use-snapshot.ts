import { useEffect } from 'react'
import useSWR, { useSWRConfig, type SWRResponse } from 'swr'
import { fetchRaw, parseSnapshot, type Loaded } from './fetcher'
import { isIdleCache } from './idle-cache'
import { takePrefetched } from './prefetch'
import type { SnapshotData, SnapshotName, Snapshots } from './schemas'

/** snapshotKey is the SWR cache key of a snapshot: its path under the data root. */
export function snapshotKey(name: SnapshotName): string {
  return `/api/${name}`
}

/** SnapshotResponse is SWR's answer with the snapshot itself as data and, for an offline copy, when it was saved. */
export type SnapshotResponse<N extends SnapshotName> = {
  data: SnapshotData<N> | undefined
  error: Error | undefined
  isLoading: boolean
  /** savedAt (epoch ms) is set when the data is the service worker's offline copy, not a fresh answer. */
  savedAt: number | undefined
  mutate: SWRResponse<Loaded<N>, Error>['mutate']
}

/**
 * useSnapshot loads one published snapshot through SWR. The snapshot hooks
 * (use-dispensary-status, use-statistics, use-content, …) are thin wrappers;
 * components use those, never this or fetch directly.
 */
export function useSnapshot<N extends SnapshotName>(name: N, schema: Snapshots[N]): SnapshotResponse<N> {
  const key = snapshotKey(name)
  const { cache } = useSWRConfig()
  // Keeps the cached snapshot alive while this component shows it (see idle-cache.ts).
  useEffect(() => (isIdleCache(cache) ? cache.retain(key) : undefined), [cache, key])
  const swr = useSWR<Loaded<N>, Error>(key, async () => parseSnapshot(name, schema, await (takePrefetched(name) ?? fetchRaw(name))))
  return {
    data: swr.data?.data,
    error: swr.error,
    isLoading: swr.isLoading,
    savedAt: swr.data?.savedAt,
    mutate: swr.mutate,
  }
}
