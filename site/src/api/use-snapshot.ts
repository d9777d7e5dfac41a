import { useEffect } from 'react'
import useSWR, { useSWRConfig, type SWRResponse } from 'swr'
import type * as z from 'zod/mini'
import { fetchRaw, loadSnapshot, parseSnapshot, type Loaded } from './fetcher'
import { isIdleCache } from './idle-cache'
import { pageSnapshot, publishedWithPage } from './page-data'
import { takePrefetched } from './prefetch'
import { snapshotKey } from './snapshot-key'

export { snapshotKey }

// A snapshot the page came with (api/page-data.ts) is what was last published:
// it is not asked for again when the screen mounts (a focus later still refreshes it).
const FROM_PAGE = { revalidateOnMount: false } as const

/**
 * SnapshotState is what a screen shows of a snapshot loading: the data once
 * in, the error if any, and for an offline copy when it was saved and
 * published. SnapshotView shows every state but the data.
 */
export type SnapshotState<D> = {
  data: D | undefined
  error: Error | undefined
  /** savedAt (epoch ms) is set when the data is the service worker's offline copy, not a fresh answer. */
  savedAt: number | undefined
  /** publishedAt (ISO) is when an offline copy was published: its own generatedAt, else the server's Last-Modified. */
  publishedAt?: string | undefined
  /** mutate loads it again ("Try again"). */
  mutate: () => Promise<unknown>
}

/** SnapshotResponse is SWR's answer for one snapshot. */
export type SnapshotResponse<D> = SnapshotState<D> & {
  isLoading: boolean
  publishedAt: string | undefined
  mutate: SWRResponse<Loaded<D>, Error>['mutate']
}

/** useRetain keeps the cached snapshot at key alive while the component using it is on screen (see idle-cache.ts). */
function useRetain(key: string | null) {
  const { cache } = useSWRConfig()
  useEffect(() => (key && isIdleCache(cache) ? cache.retain(key) : undefined), [cache, key])
}

/**
 * useSnapshot loads one published snapshot (name: its path after /api/)
 * through SWR and checks it against its shape. The features' hooks
 * (useDispensaryStatus, useStatistics, useContent…) are thin wrappers;
 * components use those, never this or fetch directly. With wanted false
 * nothing is requested.
 */
export function useSnapshot<S extends z.ZodMiniType>(name: string, schema: S, wanted = true): SnapshotResponse<z.infer<S>> {
  const key = wanted ? snapshotKey(name) : null
  useRetain(key)
  const swr = useSWR<Loaded<z.infer<S>>, Error>(
    key,
    async () => parseSnapshot(name, schema, await (takePrefetched(name) ?? fetchRaw(name))),
    publishedWithPage(name) ? FROM_PAGE : undefined,
  )
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
function publishedAt(loaded: Loaded<unknown>): string | undefined {
  const data: unknown = loaded.data
  if (typeof data === 'object' && data !== null && 'generatedAt' in data && typeof data.generatedAt === 'string') return data.generatedAt
  return loaded.lastModified === undefined ? undefined : new Date(loaded.lastModified).toISOString()
}

const NO_ITEMS: unknown[] = []

/** ListResponse is SWR's answer for a set of snapshots loaded together. */
export type ListResponse<T> = SnapshotState<T[]> & { isLoading: boolean }

/**
 * useSnapshotList loads several snapshots of one shape at once (the shards a
 * search needs, the regions' deals) as one SWR entry keyed by their names, so a
 * screen gets them all or an error, and only the ones it asked for are
 * requested; nothing while paused. savedAt is the oldest offline copy among them.
 */
export function useSnapshotList<S extends z.ZodMiniType>(names: readonly string[], schema: S, paused = false): ListResponse<z.infer<S>> {
  const key = paused || names.length === 0 ? null : `list:${names.join(',')}`
  useRetain(key)
  // Snapshots the page came with (api/page-data.ts) are the list's first answer, not asked for again.
  const fromPage = key !== null && names.every(publishedWithPage)
  const swr = useSWR(
    key,
    async () => {
      // A snapshot the router started downloading with the screen's code is taken, not asked for again.
      const loaded = await Promise.all(
        names.map(async (name) => {
          const prefetched = takePrefetched(name)
          return prefetched ? parseSnapshot(name, schema, await prefetched) : loadSnapshot(name, schema)
        }),
      )
      const saved = loaded.flatMap((l) => (l.savedAt === undefined ? [] : [l.savedAt]))
      return { data: loaded.map((l) => l.data), savedAt: saved.length ? Math.min(...saved) : undefined }
    },
    fromPage ? { ...FROM_PAGE, fallbackData: { data: names.map((name) => pageSnapshot(name) as z.infer<S>), savedAt: undefined } } : undefined,
  )
  return {
    data: paused ? undefined : key === null ? (NO_ITEMS as z.infer<S>[]) : swr.data?.data,
    error: swr.error as Error | undefined,
    isLoading: swr.isLoading,
    savedAt: swr.data?.savedAt,
    mutate: () => swr.mutate(),
  }
}
