import { useEffect } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { HttpError } from '@/api/errors'
import { loadSnapshot } from '@/api/fetcher'
import { isIdleCache } from '@/api/idle-cache'
import { PRODUCT_CODE, STORE_SLUG } from '@/api/snapshot-names'
import { useSnapshot, useSnapshotList } from '@/api/use-snapshot'
import {
  dealsIndexSchema,
  dealsRegionSchema,
  menuSchema,
  productSchema,
  searchFirstSchema,
  searchShardSchema,
  searchStoresSchema,
  type Product,
  type SearchFirst,
} from './shop-schemas'
import { type Category } from '@/api/common-schemas'

/** useSearchStores loads api/search/stores: every store with a menu, and the list of search shards. */
export function useSearchStores() {
  return useSnapshot('search/stores', searchStoresSchema)
}

/**
 * searchFirstName names the first page publish writes of a category's default search: the
 * whole state's (api/search/<category>/first) or one region's (first-<region>).
 */
export const searchFirstName = (category: Category, region: string): string =>
  `search/${category.toLowerCase()}/first${region ? `-${region.toLowerCase()}` : ''}`

/**
 * useSearchFirst loads the first page of a default search (searchFirstName: the whole
 * state's or one region's), when wanted (nothing is requested otherwise).
 */
export function useSearchFirst(category: Category, region: string, wanted: boolean): { data: SearchFirst | undefined; settled: boolean } {
  const first = useSnapshot(searchFirstName(category, region), searchFirstSchema, wanted)
  // Only a help for the first paint: an error here is the shards' to report.
  return { data: first.data, settled: !wanted || first.data !== undefined || first.error !== undefined }
}

/** useDealsIndex loads api/deals/index: the regions' deal files and the statewide best discounts. */
export function useDealsIndex() {
  return useSnapshot('deals/index', dealsIndexSchema)
}

/** useProduct loads api/products/<code> (nothing is requested for a code publish cannot have written). */
export function useProduct(code: string) {
  return useSnapshot(`products/${PRODUCT_CODE.test(code) ? code : 'invalid'}`, productSchema)
}

/** useStoreMenu loads api/menus/<slug>: one store and its menus (nothing is requested for a slug publish cannot have written). */
export function useStoreMenu(slug: string) {
  return useSnapshot(`menus/${STORE_SLUG.test(slug) ? slug : 'invalid'}`, menuSchema)
}

/** useSearchShards loads the search files named (api/search/<category>/<region> or /all); nothing while paused. */
export function useSearchShards(names: readonly string[], paused = false) {
  return useSnapshotList(names, searchShardSchema, paused)
}

/** useRegionDeals loads the deal files named (api/deals/<region>). */
export function useRegionDeals(names: readonly string[]) {
  return useSnapshotList(names, dealsRegionSchema)
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
        try {
          return (await loadSnapshot(`products/${code}`, productSchema)).data
        } catch (error) {
          if (error instanceof HttpError && error.status === 404) return null
          throw error
        }
      }),
    ),
  )
  return { data: key === null ? NO_PRODUCTS : swr.data, error: swr.error as Error | undefined, savedAt: undefined, mutate: () => swr.mutate() }
}
