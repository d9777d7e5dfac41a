import { useEffect } from 'react'
import useSWR, { useSWRConfig, type SWRResponse } from 'swr'
import type * as z from 'zod/mini'
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
  /** publishedAt (ISO) is when an offline copy was published: its own generatedAt, else the server's Last-Modified. */
  publishedAt: string | undefined
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
    publishedAt: swr.data?.savedAt === undefined ? undefined : publishedAt(swr.data),
    mutate: swr.mutate,
  }
}

/**
 * publishedAt is when a loaded snapshot was published: the generatedAt it
 * carries, else the Last-Modified its server sent (DispensaryStatus, a bare
 * list, has no generatedAt).
 */
function publishedAt(loaded: Loaded<SnapshotName>): string | undefined {
  const data: unknown = loaded.data
  if (typeof data === 'object' && data !== null && 'generatedAt' in data && typeof data.generatedAt === 'string') return data.generatedAt
  return loaded.lastModified === undefined ? undefined : new Date(loaded.lastModified).toISOString()
}

/** PathSnapshotResponse is SWR's answer for a snapshot loaded by path, typed by its shape. */
export type PathSnapshotResponse<S extends z.ZodMiniType> = Omit<SnapshotResponse<SnapshotName>, 'data'> & {
  data: z.infer<S> | undefined
}

/**
 * usePathSnapshot loads a snapshot whose path holds a name from the data
 * (strains/<slug>, terpenes/<slug>): the same fetch, check and cache as
 * useSnapshot, typed by the shape given rather than by a fixed name.
 */
export function usePathSnapshot<S extends z.ZodMiniType>(path: string, schema: S): PathSnapshotResponse<S> {
  // The name only keys the cache and the error messages; the shape is what is checked.
  return useSnapshot(path as SnapshotName, schema as unknown as Snapshots[SnapshotName]) as PathSnapshotResponse<S>
}
