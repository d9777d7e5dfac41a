import { useEffect } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { HttpError } from './errors'
import { fetchRaw, loadSnapshot, parseSnapshot } from './fetcher'
import { isIdleCache } from './idle-cache'
import { takePrefetched } from './prefetch'
import type { SnapshotName, Snapshots } from './schemas'
import {
  dealsIndexSchema,
  dealsRegionSchema,
  productSchema,
  searchFirstSchema,
  searchShardSchema,
  searchStoresSchema,
  type Category,
  type Product,
  type RegionDealsList,
  type SearchFirst,
  type SearchShard,
} from './shop-schemas'
import { snapshotKey, useSnapshot } from './use-snapshot'

/** useSearchStores loads api/search/stores: every store with a menu, and the list of search shards. */
export function useSearchStores() {
  return useSnapshot('search/stores', searchStoresSchema)
}

/**
 * useSearchFirst loads api/search/<category>/first, the first page of the default
 * whole-state search, when first is true (nothing is requested otherwise).
 */
export function useSearchFirst(category: Category, wanted: boolean): { data: SearchFirst | undefined; settled: boolean } {
  const name = `search/${category.toLowerCase()}/first` as SnapshotName
  const key = wanted ? snapshotKey(name) : null
  const { cache } = useSWRConfig()
  useEffect(() => (key && isIdleCache(cache) ? cache.retain(key) : undefined), [cache, key])
  const swr = useSWR(key, async () =>
    parseSnapshot(name, searchFirstSchema as Snapshots[SnapshotName], await (takePrefetched(name) ?? fetchRaw(name))),
  )
  // Only a help for the first paint: an error here is the shards' to report.
  return { data: swr.data?.data as SearchFirst | undefined, settled: !wanted || swr.data !== undefined || swr.error !== undefined }
}

/** useDealsIndex loads api/deals/index: the regions' deal files and the statewide best discounts. */
export function useDealsIndex() {
  return useSnapshot('deals/index', dealsIndexSchema)
}

/** PRODUCT_CODE is publish's product code shape; anything else cannot name a product. */
export const PRODUCT_CODE = /^[a-z0-9-]{1,200}$/

/** useProduct loads api/products/<code> (nothing is requested for a code publish cannot have written). */
export function useProduct(code: string) {
  const name = `products/${PRODUCT_CODE.test(code) ? code : 'invalid'}` as const
  return useSnapshot(name, productSchema as Snapshots[typeof name])
}

const NO_ITEMS: unknown[] = []

/** ListResponse is SWR's answer for a set of snapshots loaded together. */
export type ListResponse<T> = {
  data: T[] | undefined
  error: Error | undefined
  isLoading: boolean
  /** savedAt (epoch ms) is the oldest offline copy among them, when any came from the service worker's cache. */
  savedAt: number | undefined
  mutate: () => Promise<unknown>
}

/**
 * useSnapshotList loads several snapshots of one family at once (the shards a
 * search needs, the regions' deals) as one SWR entry keyed by their names, so a
 * screen gets them all or an error, and only the ones it asked for are requested.
 */
function useSnapshotList<T>(names: readonly string[], schema: Snapshots[SnapshotName], paused = false): ListResponse<T> {
  const key = paused || names.length === 0 ? null : `list:${names.join(',')}`
  const { cache } = useSWRConfig()
  useEffect(() => (key && isIdleCache(cache) ? cache.retain(key) : undefined), [cache, key])
  const swr = useSWR(key, async () => {
    // A shard the route started downloading with its code (app/router.tsx) is taken, not asked for again.
    const loaded = await Promise.all(
      names.map(async (name) => {
        const prefetched = takePrefetched(name as SnapshotName)
        return prefetched ? parseSnapshot(name as SnapshotName, schema, await prefetched) : loadSnapshot(name as SnapshotName, schema)
      }),
    )
    const saved = loaded.flatMap((l) => (l.savedAt === undefined ? [] : [l.savedAt]))
    return { data: loaded.map((l) => l.data as T), savedAt: saved.length ? Math.min(...saved) : undefined }
  })
  return {
    data: paused ? undefined : key === null ? (NO_ITEMS as T[]) : swr.data?.data,
    error: swr.error as Error | undefined,
    isLoading: swr.isLoading,
    savedAt: swr.data?.savedAt,
    mutate: () => swr.mutate(),
  }
}

/** useSearchShards loads the search files named (api/search/<category>/<region> or /all); nothing while paused. */
export function useSearchShards(names: readonly string[], paused = false) {
  return useSnapshotList<SearchShard>(names, searchShardSchema as Snapshots[SnapshotName], paused)
}

/** useRegionDeals loads the deal files named (api/deals/<region>). */
export function useRegionDeals(names: readonly string[]) {
  return useSnapshotList<RegionDealsList>(names, dealsRegionSchema as Snapshots[SnapshotName])
}

// One empty answer for every empty wishlist, so that it never looks like a new answer.
const NO_PRODUCTS: (Product | null)[] = []

/**
 * useProducts loads api/products/<code> for each code, as one SWR entry. A
 * product publish no longer writes (HTTP 404) is null: "no longer listed",
 * not an error.
 */
export function useProducts(codes: readonly string[]) {
  const key = codes.length === 0 ? null : `products:${codes.join(',')}`
  const { cache } = useSWRConfig()
  useEffect(() => (key && isIdleCache(cache) ? cache.retain(key) : undefined), [cache, key])
  const swr = useSWR(key, async () =>
    Promise.all(
      codes.map(async (code) => {
        if (!PRODUCT_CODE.test(code)) return null
        const name = `products/${code}` as const
        try {
          return (await loadSnapshot(name, productSchema as Snapshots[typeof name])).data as Product
        } catch (error) {
          if (error instanceof HttpError && error.status === 404) return null
          throw error
        }
      }),
    ),
  )
  return { data: key === null ? NO_PRODUCTS : swr.data, error: swr.error as Error | undefined, mutate: () => swr.mutate() }
}
