import { useMemo } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import { CATEGORIES, type Category } from '@/api/common-schemas'
import { routes } from '@/config/routes'
import { REGIONS, type Region } from '../api/shop-schemas'
import { writeMenuSearch, type MenuSearch } from './search-state'

// Where a Menus search lives in the URL. One region's search for one product type is a page of
// its own, /dispensary-menus/central/flower (config/routes.ts, menusRegion): publish writes that
// search's first page (api/search/flower/first-central) beside the region's offers, and the page
// is pre-rendered with it after each publish, so a shared region link paints its rows with the page. Every other search
// (all of Ohio, by distance) is /dispensary-menus with its query. The rest of a region's search
// (its filters, order, page) stays in the query of its page: /dispensary-menus/central/flower?sale=1.

/** RegionView is the search a region view's path names. */
export type RegionView = { region: Region; productType: Category }

// The keys a region view's path stands for.
const VIEW_KEYS = ['by', 'region', 'type'] as const

/** regionViewPath is the page of one region's Menus search for one product type: /dispensary-menus/central/flower. */
export function regionViewPath(region: Region, productType: Category): string {
  return routes.menusRegion.path.replace(':region', region.toLowerCase()).replace(':type', productType.toLowerCase())
}

const byLowerCase = <T extends string>(values: readonly T[], name: string | undefined): T | undefined => values.find((v) => v.toLowerCase() === name)

/**
 * regionViewOf reads the segments of a region view's path (react-router's params: region,
 * type): undefined unless they name one of REGIONS and one of CATEGORIES as regionViewPath
 * writes them, in lower case (publish's file names, which omc serve looks for).
 */
export function regionViewOf(params: Readonly<Record<string, string | undefined>>): RegionView | undefined {
  const region = byLowerCase(REGIONS, params.region)
  const productType = byLowerCase(CATEGORIES, params.type)
  return region && productType ? { region, productType } : undefined
}

/**
 * queryRegionView is the region view an older Menus link names in its query
 * (?by=region&region=Central&type=Flower, the type Flower when left out), undefined for any
 * other search: the Menus screen moves such a link to the view's own path.
 */
export function queryRegionView(query: URLSearchParams): RegionView | undefined {
  if ((query.get('by') ?? 'region') !== 'region') return undefined
  const region = REGIONS.find((r) => r === query.get('region'))
  const productType = CATEGORIES.find((c) => c === (query.get('type') ?? 'Flower'))
  return region && productType ? { region, productType } : undefined
}

/** regionViewLocation is the URL of a region view with the rest of a query (its filters; tracking parameters kept). */
export function regionViewLocation(view: RegionView, query: URLSearchParams): { pathname: string; search: string } {
  const rest = new URLSearchParams(query)
  for (const key of VIEW_KEYS) rest.delete(key)
  const search = rest.toString()
  return { pathname: regionViewPath(view.region, view.productType), search: search ? `?${search}` : '' }
}

/** menuSearchQuery is what a Menus URL asks for, as one query: a region view's path put in its query. */
export function menuSearchQuery(view: RegionView | undefined, query: URLSearchParams): URLSearchParams {
  if (!view) return query
  const params = new URLSearchParams(query)
  params.set('by', 'region')
  params.set('region', view.region)
  params.set('type', view.productType)
  return params
}

/** menusLocation is the URL of a search: a region's view for a search of one region, else Menus' own path with the search in its query. */
export function menusLocation(state: Omit<MenuSearch, 'searched'>): { pathname: string; search: string } {
  const query = writeMenuSearch(state)
  const { search } = state
  const region = REGIONS.find((r) => r === search.region)
  const productType = CATEGORIES.find((c) => c === search.productType)
  if (search.searchType === 'region' && region && productType) return regionViewLocation({ region, productType }, query)
  return { pathname: routes.menus.path, search: `?${query.toString()}` }
}

/** menusHref is menusLocation as a link. */
export function menusHref(state: Omit<MenuSearch, 'searched'>): string {
  const { pathname, search } = menusLocation(state)
  return pathname + search
}

/** useMenuSearchQuery is what the current Menus URL asks for (menuSearchQuery), the same object while the URL stays. */
export function useMenuSearchQuery(): URLSearchParams {
  const [query] = useSearchParams()
  const { region, type } = useParams()
  return useMemo(() => menuSearchQuery(regionViewOf({ region, type }), query), [query, region, type])
}
