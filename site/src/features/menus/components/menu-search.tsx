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
  const { state, shown, go, setSearch, setFilters } = useMenuSearch()
  const previous = previousSearchStore.use()
  const stores = useSearchStores()
  // The first page of the default search comes in one small file, alongside the stores,
  // so the first paint never waits for every shard.
  const first = useSearchFirst(state.search.productType as Category, isFirstPageSearch(state))
  return (
    <>
      {!state.searched && previous && (
        <p className="notice notice--info">
          <button type="button" className="button button--secondary" onClick={() => go({ search: withPreviousSearch(previous) })}>
            Back to your last search
          </button>{' '}
          {describePrevious(previous)}
        </p>
      )}
      <SearchForm search={shown.search} onChange={setSearch} />
      <FilterForm search={shown.search} filters={shown.filters} onChange={setFilters} />
      <SnapshotView response={stores} what="menus search">
        {(data) => (
          <>
            <SampleNotice sample={data.sample} />
            <MenuResults
              state={state}
              shownFilters={shown.filters}
              first={first.data}
              firstSettled={first.settled}
              shardNames={shardsFor(data, state.search)}
              onPage={(page) => go({ page })}
              onFilters={setFilters}
              onSearch={setSearch}
            />
          </>
        )}
      </SnapshotView>
    </>
  )
}
