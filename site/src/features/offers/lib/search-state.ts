import { CATEGORIES, type Category } from '@/api/common-schemas'
import { REGIONS } from '../api/shop-schemas'
import type { Coordinates } from '@/lib/geo'
import { createLocalStore } from '@/lib/local-store'
import { isSizeKey, NO_FACETS, STRAIN_TYPES, type FacetFilters } from './facets'
import { DEFAULT_MILES } from './default-distance'
import { searchKeys } from '@/config/tracking-params'

/** SearchType is how the Menus search picks its stores: by region or by distance from a point. */
export type SearchType = 'region' | 'distance'
/** MenuType is the previous search's menus: medical, recreational or both. */
export type MenuType = 'medical' | 'recreational' | 'both'

/** PreviousSearch is the last search run (docs/specification.md §3): what "Back to your last search" restores. */
export type PreviousSearch = { region: string; menuType: MenuType; productType: string }

/** DispensarySearchState is the shared dispensary search of docs/specification.md §3. */
export type DispensarySearchState = {
  /** region is one of REGIONS, or '' for all of Ohio. */
  region: string
  showMedical: boolean
  showRecreational: boolean
  /** productType is one of CATEGORIES. */
  productType: string
  previousSearch: PreviousSearch | null
  coordinates: Coordinates
  /** maxDistance is the radius of a distance search, in miles. */
  maxDistance: number
  searchType: SearchType
  /** place names the point of a distance search for people ("Columbus", "your location"). */
  place: string
}

/**
 * DEFAULT_SEARCH_STATE: coordinates 0,0, maxDistance 50 and searchType region
 * are docs/specification.md §3's. The spec gives no default for the others: all of Ohio,
 * both markets, flower (the product most searched for, and a search always
 * has one product type so that it loads one kind of shard).
 */
export const DEFAULT_SEARCH_STATE: DispensarySearchState = {
  region: '',
  showMedical: true,
  showRecreational: true,
  productType: 'Flower',
  previousSearch: null,
  coordinates: { latitude: 0, longitude: 0 },
  maxDistance: DEFAULT_MILES,
  searchType: 'region',
  place: '',
}

// thcValue: price per 100 mg THC (thc-value.ts).
export const SORT_KEYS = ['relevance', 'name', 'price', 'unitPrice', 'thcValue', 'thc', 'distance', 'lastUpdate'] as const
export type SortKey = (typeof SORT_KEYS)[number]
export type SortDirection = 'asc' | 'desc'

/**
 * SearchFilters are the client-side filters of the search (docs/specification.md §3),
 * with the filters that show their counts (facets.ts; newOnly and saleOnly are two of them).
 */
export type SearchFilters = FacetFilters & {
  dealsOnly: boolean
  staleExclude: boolean
  /** openNow keeps the offers of stores open now, and of stores whose hours are unknown in a group of their own. */
  openNow: boolean
  searchText: string
  /** sortBy is the order chosen; null is the sensible one for the search (effectiveSort). */
  sortBy: SortKey | null
  sortByDirection: SortDirection
}

/**
 * DEFAULT_FILTERS are docs/specification.md §3's client-side search filter defaults
 * but two: the sort follows the search (effectiveSort: by name put 42 store
 * headings over 50 rows), and the "hide offers farther than" distance is gone (the
 * search's "Within N miles" is the one distance control).
 */
export const DEFAULT_FILTERS: SearchFilters = {
  ...NO_FACETS,
  dealsOnly: false,
  staleExclude: false,
  openNow: false,
  searchText: '',
  sortBy: null,
  sortByDirection: 'asc',
}

/**
 * effectiveSort is the order a search shows: the one chosen, else by relevance for a
 * text search, by distance for a distance search, otherwise by price paid.
 */
export function effectiveSort(
  search: Pick<DispensarySearchState, 'searchType' | 'coordinates'> | null,
  filters: Pick<SearchFilters, 'sortBy' | 'searchText'>,
): SortKey {
  if (filters.sortBy !== null && (filters.sortBy !== 'relevance' || filters.searchText.trim())) return filters.sortBy
  if (filters.searchText.trim()) return 'relevance'
  if (search && search.searchType === 'distance' && hasPoint(search.coordinates)) return 'distance'
  return 'price'
}

/**
 * DisplayPreferences are kept in the browser: docs/specification.md §3's cards, and
 * grouping by store, a choice rather than the default (its oneList, turned round).
 */
export type DisplayPreferences = { groupByStore: boolean; cardView: boolean }
export const DEFAULT_DISPLAY: DisplayPreferences = { groupByStore: false, cardView: false }

/** MenuSearch is everything a Menus URL carries. */
export type MenuSearch = { search: DispensarySearchState; filters: SearchFilters; page: number; searched: boolean }

const flag = (value: string | null, fallback: boolean) => (value === '1' ? true : value === '0' ? false : fallback)
const number = (value: string | null, fallback: number, min: number, max: number) => {
  if (value === null || value.trim() === '') return fallback
  const n = Number(value)
  return Number.isFinite(n) && n >= min && n <= max ? n : fallback
}
const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback

/**
 * readMenuSearch reads a Menus URL's query. Anything missing or not
 * understood takes its default, so a hand-edited or old link still opens a
 * search. searched is false for a URL with no search at all (the first visit), tracking
 * parameters aside (a link shared on Facebook carries fbclid: config/tracking-params.ts).
 */
export function readMenuSearch(params: URLSearchParams): MenuSearch {
  const d = DEFAULT_SEARCH_STATE
  const f = DEFAULT_FILTERS
  const search: DispensarySearchState = {
    ...d,
    searchType: oneOf(params.get('by'), ['region', 'distance'] as const, d.searchType),
    region: oneOf(params.get('region'), ['', ...REGIONS], d.region),
    showMedical: flag(params.get('medical'), d.showMedical),
    showRecreational: flag(params.get('recreational'), d.showRecreational),
    productType: oneOf(params.get('type'), CATEGORIES, d.productType as Category),
    coordinates: {
      latitude: number(params.get('lat'), d.coordinates.latitude, -90, 90),
      longitude: number(params.get('lng'), d.coordinates.longitude, -180, 180),
    },
    maxDistance: number(params.get('within'), d.maxDistance, 1, 1000),
    place: (params.get('near') ?? '').slice(0, 80),
  }
  // Neither market is no search at all: show both.
  if (!search.showMedical && !search.showRecreational) search.showMedical = search.showRecreational = true
  // A distance search needs its point.
  if (search.searchType === 'distance' && !hasPoint(search.coordinates)) search.searchType = 'region'
  // Links from before the one distance control: "hide farther than" narrows the radius.
  const hideFarther = number(params.get('distance'), 1000, 1, 1000)
  if (hideFarther < search.maxDistance) search.maxDistance = hideFarther
  const filters: SearchFilters = {
    ...readFilters(params),
    dealsOnly: flag(params.get('deals'), f.dealsOnly),
    staleExclude: flag(params.get('fresh'), f.staleExclude),
    openNow: flag(params.get('open'), f.openNow),
  }
  return { search, filters, page: Math.floor(number(params.get('page'), 1, 1, 10_000)), searched: searchKeys(params).length > 0 }
}

/** writeMenuSearch writes a search as a URL query, leaving out what is at its default so links stay short. */
export function writeMenuSearch({ search, filters, page }: Omit<MenuSearch, 'searched'>): URLSearchParams {
  const d = DEFAULT_SEARCH_STATE
  const f = DEFAULT_FILTERS
  const params = new URLSearchParams()
  const put = (key: string, value: string, fallback: string) => {
    if (value !== fallback) params.set(key, value)
  }
  const bit = (b: boolean) => (b ? '1' : '0')
  params.set('by', search.searchType)
  if (search.searchType === 'region') put('region', search.region, d.region)
  else {
    for (const [key, value] of Object.entries(pointParams(search.coordinates))) params.set(key, value)
    put('within', String(search.maxDistance), String(d.maxDistance))
    put('near', search.place, '')
  }
  put('medical', bit(search.showMedical), bit(d.showMedical))
  put('recreational', bit(search.showRecreational), bit(d.showRecreational))
  params.set('type', search.productType)
  put('deals', bit(filters.dealsOnly), bit(f.dealsOnly))
  put('fresh', bit(filters.staleExclude), bit(f.staleExclude))
  put('open', bit(filters.openNow), bit(f.openNow))
  writeFilters(params, filters)
  put('page', String(page), '1')
  return params
}

/** ShopFilters are the filters the Menus search and a store's page share: the text, the filters with counts and the order. */
export type ShopFilters = FacetFilters & Pick<SearchFilters, 'searchText' | 'sortBy' | 'sortByDirection'>

// A hand-edited URL cannot make a filter list long enough to slow the page.
const MAX_OPTIONS = 50
const list = (params: URLSearchParams, key: string, valid: (v: string) => boolean) =>
  [...new Set(params.getAll(key).filter((v) => v.length <= 100 && valid(v)))].slice(0, MAX_OPTIONS)
const bound = (value: string | null) => {
  const n = number(value, -1, 0, 100_000)
  return n < 0 ? null : n
}

/** readFilters reads the shared filters of a Menus or store page URL (anything not understood takes its default). */
export function readFilters(params: URLSearchParams): ShopFilters {
  const f = DEFAULT_FILTERS
  const sort = params.get('sort')
  return {
    brands: list(params, 'brand', (v) => v.trim() !== ''),
    strainTypes: list(params, 'strain', (v) => (STRAIN_TYPES as readonly string[]).includes(v)) as ShopFilters['strainTypes'],
    sizes: list(params, 'size', isSizeKey),
    terpenes: list(params, 'terpene', (v) => /^[a-z0-9-]+$/.test(v)),
    thcMin: bound(params.get('thcMin')),
    thcMax: bound(params.get('thcMax')),
    cbdMin: bound(params.get('cbdMin')),
    priceMin: bound(params.get('priceMin')),
    priceMax: bound(params.get('priceMax')),
    saleOnly: flag(params.get('sale'), f.saleOnly),
    newOnly: flag(params.get('new'), f.newOnly),
    searchText: (params.get('q') ?? f.searchText).slice(0, 100),
    sortBy: sort === null ? null : oneOf(sort, SORT_KEYS, 'price'),
    sortByDirection: oneOf(params.get('dir'), ['asc', 'desc'] as const, f.sortByDirection),
  }
}

/** writeFilters adds the shared filters to params, leaving out what is at its default. */
export function writeFilters(params: URLSearchParams, filters: ShopFilters): void {
  const f = DEFAULT_FILTERS
  for (const [key, values] of [
    ['brand', filters.brands],
    ['strain', filters.strainTypes],
    ['size', filters.sizes],
    ['terpene', filters.terpenes],
  ] as const)
    for (const value of values) params.append(key, value)
  for (const key of ['thcMin', 'thcMax', 'cbdMin', 'priceMin', 'priceMax'] as const) {
    const value = filters[key]
    if (value !== null) params.set(key, String(value))
  }
  if (filters.saleOnly) params.set('sale', '1')
  if (filters.newOnly) params.set('new', '1')
  if (filters.searchText.trim()) params.set('q', filters.searchText.trim())
  if (filters.sortBy !== null) params.set('sort', filters.sortBy)
  if (filters.sortByDirection !== f.sortByDirection) params.set('dir', filters.sortByDirection)
}

/** pointParams is a distance search's point as a URL carries it (Menus, Deals): lat and lng to 4 decimals, about 11 m. */
export function pointParams({ latitude, longitude }: Coordinates): { lat: string; lng: string } {
  return { lat: latitude.toFixed(4), lng: longitude.toFixed(4) }
}

/** hasPoint tells a real point from the spec's 0,0 "no coordinates" default. */
export function hasPoint(c: Coordinates): boolean {
  return !(c.latitude === 0 && c.longitude === 0)
}

/** menuTypeOf names the markets a search shows. */
export function menuTypeOf(search: Pick<DispensarySearchState, 'showMedical' | 'showRecreational'>): MenuType {
  if (search.showMedical && !search.showRecreational) return 'medical'
  if (search.showRecreational && !search.showMedical) return 'recreational'
  return 'both'
}

/** withPreviousSearch applies a saved previous search (region, markets, product type) to the defaults. */
export function withPreviousSearch(previous: PreviousSearch): DispensarySearchState {
  return {
    ...DEFAULT_SEARCH_STATE,
    region: (REGIONS as readonly string[]).includes(previous.region) ? previous.region : '',
    showMedical: previous.menuType !== 'recreational',
    showRecreational: previous.menuType !== 'medical',
    productType: (CATEGORIES as readonly string[]).includes(previous.productType) ? previous.productType : 'Flower',
    previousSearch: previous,
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/** previousSearchStore keeps the last search run in this browser. */
export const previousSearchStore = createLocalStore<PreviousSearch | null>(
  'omc-previous-search',
  (stored) => {
    if (!isRecord(stored) || typeof stored.region !== 'string' || typeof stored.productType !== 'string') return null
    const menuType = oneOf(typeof stored.menuType === 'string' ? stored.menuType : null, ['medical', 'recreational', 'both'] as const, 'both')
    return { region: stored.region, menuType, productType: stored.productType }
  },
  null,
)

/** displayStore keeps the display preferences (grouped by store, cards) in this browser. */
export const displayStore = createLocalStore<DisplayPreferences>(
  'omc-display',
  (stored) => ({
    groupByStore: isRecord(stored) && typeof stored.groupByStore === 'boolean' ? stored.groupByStore : DEFAULT_DISPLAY.groupByStore,
    cardView: isRecord(stored) && typeof stored.cardView === 'boolean' ? stored.cardView : DEFAULT_DISPLAY.cardView,
  }),
  DEFAULT_DISPLAY,
)
