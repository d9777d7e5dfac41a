import { useEffect, useMemo, useSyncExternalStore } from 'react'
import useSWR, { useSWRConfig, type SWRResponse } from 'swr'
import type * as v from 'valibot'
import { fetchRaw, loadSnapshot, parseArrived, parseSnapshot, type Loaded } from './fetcher'
import { isIdleCache } from './idle-cache'
import { pageSnapshot, publishedWithPage } from './page-data'
import { arrivedPrefetch, takePrefetched } from './prefetch'
import { snapshotKey } from './snapshot-key'

export { snapshotKey }

// A snapshot the page came with (api/page-data.ts) is what was last published:
// it is not asked for again when the screen mounts (a focus later still refreshes it).
const FROM_PAGE = { revalidateOnMount: false } as const
// A snapshot that arrived before the screen rendered is as fresh as an answer gets.
const FROM_ARRIVAL = FROM_PAGE

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

/**
 * useRetain keeps the cached snapshot at key alive while the component using it is on screen
 * (see idle-cache.ts), and tells whether the cache holds it.
 */
function useRetain(key: string | null): boolean {
  const { cache } = useSWRConfig()
  useEffect(() => (key && isIdleCache(cache) ? cache.retain(key) : undefined), [cache, key])
  return key !== null && cache.get(key)?.data !== undefined
}

/**
 * useArrivalAllowed tells whether a snapshot that arrived may be rendered at once: not while
 * the page's HTML is being hydrated (nor pre-rendered), which must render what that HTML
 * shows, nor over a cached copy (shown, then refreshed).
 */
function useArrivalAllowed(key: string | null): boolean {
  const cached = useRetain(key)
  // false while pre-rendering and hydrating, true after: lib/use-hydrated's useHydrated, which
  // this layer may not import.
  const hydrated = useSyncExternalStore(noSubscription, isTrue, isFalse)
  return hydrated && key !== null && !cached
}
const noSubscription = () => () => undefined
const isTrue = () => true
const isFalse = () => false

/**
 * arrivedOf is, for a screen's first render, snapshots names as they already arrived: when the
 * router's prefetch of each (api/prefetch.ts) is in, checked (parseArrived), so that the screen
 * renders them at once instead of a loading state for the frame SWR takes to hand them over
 * (a region link's "Loading menus search", then "Loading flower menus", when the data beat the
 * screen's code); undefined while any is on its way, or is wrong (then asked for as usual).
 */
function arrivedOf<S extends v.GenericSchema>(names: readonly string[], schema: S): Loaded<v.InferOutput<S>>[] | undefined {
  const loaded: Loaded<v.InferOutput<S>>[] = []
  for (const name of names) {
    const raw = arrivedPrefetch(name)
    const parsed = raw && parseArrived(name, schema, raw)
    if (!parsed) return undefined
    loaded.push(parsed)
  }
  return loaded
}

/** arrivedList is arrivedOf's snapshots as one list's answer, the same object for the same answers (see listOf). */
function arrivedList<D>(parts: readonly Loaded<D>[]): ListAnswer<D> {
  const last = lists.get(parts[0]!)
  if (last && last.parts.length === parts.length && last.parts.every((p, i) => p === parts[i])) return last.list as ListAnswer<D>
  const list = listOf(parts)
  lists.set(parts[0]!, { parts, list })
  return list
}
const lists = new WeakMap<Loaded<unknown>, { parts: readonly Loaded<unknown>[]; list: ListAnswer<unknown> }>()

/**
 * useKeepArrived puts what a screen first rendered from arrived answers (SWR's fallbackData,
 * which SWR keeps out of its cache) into the cache, as SWR's own answer would have been, so
 * that the next screen asking for it finds it there.
 */
function useKeepArrived<D>(fallback: D | undefined, data: D | undefined, mutate: (data: D, options: { revalidate: false }) => unknown) {
  useEffect(() => {
    if (fallback !== undefined && data === fallback) void mutate(fallback, { revalidate: false })
  }, [fallback, data, mutate])
}

/**
 * useSnapshot loads one published snapshot (name: its path after /api/)
 * through SWR and checks it against its shape. The features' hooks
 * (useDispensaryStatus, useStatistics, useContent…) are thin wrappers;
 * components use those, never this or fetch directly. With wanted false
 * nothing is requested.
 */
export function useSnapshot<S extends v.GenericSchema>(name: string, schema: S, wanted = true): SnapshotResponse<v.InferOutput<S>> {
  const key = wanted ? snapshotKey(name) : null
  const allowed = useArrivalAllowed(key)
  const fromPage = publishedWithPage(name)
  const arrived = allowed && !fromPage ? arrivedOf([name], schema)?.[0] : undefined
  const swr = useSWR<Loaded<v.InferOutput<S>>, Error>(
    key,
    async () => parseSnapshot(name, schema, await (takePrefetched(name) ?? fetchRaw(name))),
    fromPage ? FROM_PAGE : arrived ? { ...FROM_ARRIVAL, fallbackData: arrived } : undefined,
  )
  useKeepArrived(arrived, swr.data, swr.mutate)
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

/** ListAnswer is what useSnapshotList's SWR entry holds. */
type ListAnswer<D> = { data: D[]; savedAt: number | undefined }

/** listOf is several loaded snapshots as one list's answer: savedAt is the oldest offline copy's. */
function listOf<D>(loaded: readonly Loaded<D>[]): ListAnswer<D> {
  const saved = loaded.flatMap((l) => (l.savedAt === undefined ? [] : [l.savedAt]))
  return { data: loaded.map((l) => l.data), savedAt: saved.length ? Math.min(...saved) : undefined }
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
export function useSnapshotList<S extends v.GenericSchema>(names: readonly string[], schema: S, paused = false): ListResponse<v.InferOutput<S>> {
  const key = paused || names.length === 0 ? null : `list:${names.join(',')}`
  const allowed = useArrivalAllowed(key)
  // Snapshots the page came with (api/page-data.ts) are the list's first answer, not asked for again.
  const fromPage = key !== null && names.every(publishedWithPage)
  // One answer object for the page's snapshots while the names stay (key): SWR hands fallbackData
  // back as it is given, and a new object each render made a screen that waits for its data to be
  // painted before it goes on (Menus' region view: useAfterPaint) wait for ever, re-rendering.
  const pageAnswer = useMemo(
    () => (fromPage ? { data: names.map((name) => pageSnapshot(name) as v.InferOutput<S>), savedAt: undefined } : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key is the names, joined
    [fromPage, key],
  )
  const arrived = allowed && !fromPage ? arrivedOf(names, schema) : undefined
  const arrivedAnswer = arrived && arrived.length > 0 ? arrivedList(arrived) : undefined
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
      return listOf(loaded)
    },
    pageAnswer ? { ...FROM_PAGE, fallbackData: pageAnswer } : arrivedAnswer ? { ...FROM_ARRIVAL, fallbackData: arrivedAnswer } : undefined,
  )
  useKeepArrived(arrivedAnswer, swr.data, swr.mutate)
  return {
    data: paused ? undefined : key === null ? (NO_ITEMS as v.InferOutput<S>[]) : swr.data?.data,
    error: swr.error as Error | undefined,
    isLoading: swr.isLoading,
    savedAt: swr.data?.savedAt,
    mutate: () => swr.mutate(),
  }
}
