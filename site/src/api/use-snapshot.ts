import { useEffect } from 'react'
import useSWR, { useSWRConfig, type SWRResponse } from 'swr'
import { fetchSnapshot } from './fetcher'
import { isIdleCache } from './idle-cache'
import { takePrefetched } from './prefetch'
import type { SnapshotData, SnapshotName } from './schemas'

/** snapshotKey is the SWR cache key of a snapshot: its path under the data root. */
export function snapshotKey(name: SnapshotName): string {
  return `/api/${name}`
}

/**
 * useSnapshot loads one published snapshot through SWR. The snapshot hooks
 * (use-dispensary-status, use-statistics, use-announcements) are thin wrappers;
 * components use those, never this or fetch directly.
 */
export function useSnapshot<N extends SnapshotName>(name: N): SWRResponse<SnapshotData<N>, Error> {
  const key = snapshotKey(name)
  const { cache } = useSWRConfig()
  // Keeps the cached snapshot alive while this component shows it (see idle-cache.ts).
  useEffect(() => (isIdleCache(cache) ? cache.retain(key) : undefined), [cache, key])
  return useSWR<SnapshotData<N>, Error>(key, () => takePrefetched(name) ?? fetchSnapshot(name))
}
