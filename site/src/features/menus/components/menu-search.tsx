import { useMemo } from 'react'
import { SampleNotice } from '@/components/sample-notice'
import { SnapshotView } from '@/components/snapshot-view'
import type { Category } from '@/features/offers/api/shop-schemas'
import { useSearchFirst, useSearchStores } from '@/features/offers/api/use-shop'
import { describePrevious, isFirstPageSearch } from '../lib/menu-search'
import { shardsFor } from '@/features/offers/lib/offer-search'
import { previousSearchStore, withPreviousSearch } from '@/features/offers/lib/search-state'
import { useMenuSearch } from '@/features/offers/lib/use-menu-search'
import { FilterForm } from '@/features/offers/components/filter-form'
import { MenuResults } from './menu-results'
import { SearchForm } from './search-form'

/** MenuSearch is the Menus screen's search: the way back to the last search, the forms and the results. */
export function MenuSearch() {
  const { state, shown, go, setSearch, setFilters, setPage } = useMenuSearch()
  const previous = previousSearchStore.use()
  const stores = useSearchStores()
  // The first page of a default search (the whole state's, one region's) comes in one small
  // file, alongside the stores, so the first paint never waits for a shard.
  const firstPageSearch = useMemo(() => isFirstPageSearch(state), [state])
  const first = useSearchFirst(state.search.productType as Category, state.search.region, firstPageSearch)
  // The forms are memoised: a click on a filter with counts re-renders none of them.
  const { searchText, dealsOnly, staleExclude, openNow, sortBy, sortByDirection } = shown.filters
  const formFilters = useMemo(
    () => ({ searchText, dealsOnly, staleExclude, openNow, sortBy, sortByDirection }),
    [searchText, dealsOnly, staleExclude, openNow, sortBy, sortByDirection],
  )
  const shardNames = useMemo(() => (stores.data ? shardsFor(stores.data, state.search) : []), [stores.data, state.search])
  return (
    <>
      {/* Gone with the first change (shown at once), so that a first click moves nothing below it. */}
      {!shown.searched && previous && (
        <p className="notice notice--info">
          <button type="button" className="button button--secondary" onClick={() => go({ search: withPreviousSearch(previous) })}>
            Back to your last search
          </button>{' '}
          {describePrevious(previous)}
        </p>
      )}
      <SearchForm search={shown.search} onChange={setSearch} />
      <FilterForm search={shown.search} filters={formFilters} onChange={setFilters} />
      <SnapshotView response={stores} what="menus search">
        {(data) => (
          <>
            <SampleNotice sample={data.sample} />
            <MenuResults
              state={state}
              shownFilters={shown.filters}
              first={first.data}
              firstSettled={first.settled}
              shardNames={shardNames}
              onPage={setPage}
              onFilters={setFilters}
              onSearch={setSearch}
            />
          </>
        )}
      </SnapshotView>
    </>
  )
}
