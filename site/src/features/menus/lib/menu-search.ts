import {
  DEFAULT_FILTERS,
  menuTypeOf,
  type DispensarySearchState,
  type MenuSearch,
  type PreviousSearch,
  type SearchFilters,
} from '@/features/offers/lib/search-state'

/** PAGE_SIZE offers are shown per page of the Menus search (publish.SearchFirstPage writes the first page at this size). */
export const PAGE_SIZE = 50

const MARKET_WORDS = { medical: 'medical', recreational: 'adult-use', both: 'medical and adult-use' } as const

/** describeSearch says in words what a search covers: "Flower on adult-use menus within 25 miles of Columbus". */
export function describeSearch(search: DispensarySearchState): string {
  const where =
    search.searchType === 'distance'
      ? `within ${search.maxDistance} miles of ${search.place || 'the chosen point'}`
      : search.region
        ? `in ${search.region} Ohio`
        : 'in all of Ohio'
  return `${search.productType} on ${MARKET_WORDS[menuTypeOf(search)]} menus ${where}`
}

/** describePrevious names the last search for "Back to your last search". */
export function describePrevious(previous: PreviousSearch): string {
  return `${previous.productType}, ${MARKET_WORDS[previous.menuType]}, ${previous.region || 'all of Ohio'}`
}

/**
 * isDefaultFirstPage tells whether a search shows the first page of its files' offers in
 * the default order (price paid): a search by region (or the whole state), both markets,
 * default filters, page 1. Every offer is in it, so that page follows from the files'
 * prices alone (firstPageOf).
 */
export function isDefaultFirstPage({ search, filters, page }: MenuSearch): boolean {
  return (
    page === 1 &&
    search.searchType === 'region' &&
    search.showMedical &&
    search.showRecreational &&
    (Object.keys(DEFAULT_FILTERS) as (keyof SearchFilters)[]).every((k) => JSON.stringify(filters[k]) === JSON.stringify(DEFAULT_FILTERS[k]))
  )
}

/**
 * isFirstPageSearch tells whether a search is one publish writes the first page of: the
 * whole state's default first page (api/search/<category>/first) or one region's
 * (first-<region>).
 */
export function isFirstPageSearch(state: MenuSearch): boolean {
  return isDefaultFirstPage(state)
}
