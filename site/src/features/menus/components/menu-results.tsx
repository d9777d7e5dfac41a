import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { rendersPageHtml } from '@/api/page-data'
import { SnapshotView } from '@/components/snapshot-view'
import { splitOpenNow } from '@/lib/opening-hours'
import { useNow } from '@/lib/use-now'
import { useSliced, useSlicedOrLast } from '@/lib/sliced-work'
import type { SearchFirst } from '@/features/offers/api/shop-schemas'
import { useSearchShards, useSearchStores } from '@/features/offers/api/use-shop'
import { describeSearch, isDefaultFirstPage, PAGE_SIZE } from '../lib/menu-search'
import { countFacetsOnce, facetIndexJobFor, potencyUnitFor, publishedCounts } from '@/features/offers/lib/facets'
import { filterOffers, firstPageOf, groupByStore, joinJob, joinOffers, sortOffers, type SearchOffer } from '@/features/offers/lib/offer-search'
import {
  displayStore,
  effectiveSort,
  hasPoint,
  type DispensarySearchState,
  type MenuSearch,
  type SearchFilters,
} from '@/features/offers/lib/search-state'
import { FIRST_ROWS, useAfterPaint, useFirstRowsPainted } from '@/features/offers/lib/use-menu-search'
import { FacetForm } from '@/features/offers/components/facet-form'
import { OfferList, StoreSection } from '@/features/offers/components/offer-list'
import { Pager } from '@/features/offers/components/pager'
import styles from '@/features/offers/components/shop.module.css'
import { ThcValueNote } from '@/features/offers/components/thc-value-note'
import { thcValue } from '@/features/offers/lib/thc-value'
import { EmptyResults } from './empty-results'

type Props = {
  state: MenuSearch
  /** shownFilters are the filters as the form shows them (at once; the results follow). */
  shownFilters: SearchFilters
  first: SearchFirst | undefined
  firstSettled: boolean
  shardNames: string[]
  onPage: (page: number) => void
  onFilters: (patch: Partial<SearchFilters>) => void
  onSearch: (patch: Partial<DispensarySearchState>) => void
}

/**
 * MenuResults searches the shards the search needs and shows a page of offers,
 * grouped by store unless one list is chosen. Until the shards are in, the
 * default search shows publish's first page (api/search/<type>/first).
 */
export const MenuResults = memo(function MenuResults({ state, shownFilters, first, firstSettled, shardNames, onPage, onFilters, onSearch }: Props) {
  const stores = useSearchStores().data!
  // The default search's shards wait for its first page to be painted (or to fail), so
  // their download and parsing never delay it.
  const [painted, setPainted] = useState(false)
  const shards = useSearchShards(shardNames, !firstSettled || (first !== undefined && !painted))
  const nowMs = useNow(60_000)
  const display = displayStore.use()
  // Every URL change reads a new state: keep the same objects while their values are the
  // same, so a filter change does not also re-run the search's scope over the whole state.
  const searchKey = JSON.stringify(state.search)
  const filtersKey = JSON.stringify(state.filters)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const search = useMemo(() => state.search, [searchKey])
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stateFilters = useMemo(() => state.filters, [filtersKey])
  const point = search.searchType === 'distance' && hasPoint(search.coordinates) ? search.coordinates : null
  const lat = point?.latitude
  const lng = point?.longitude
  // A search of one region in the default order paints publish's first page of it
  // (first-<region>), or without one (a tree published before those) its first page from the
  // files' prices (firstPageOf), while its offers are joined. (The whole state's default search
  // has publish's first page; files without offers show why at once.) A large search's offers
  // are joined in slices (joinJob, useSlicedOrLast), so that a click or a keystroke meanwhile is
  // answered at once; files joined before (a filter cleared) show at once. The same files
  // searched from another point (a new ZIP) keep the last results on screen, marked busy, until
  // the new ones are joined: the page does not lose its rows for a loading line meanwhile.
  const defaultFirst = useMemo(() => isDefaultFirstPage(state) && state.search.region !== '', [state])
  const pageFirst = defaultFirst && (shards.data ?? []).some((shard) => shard.offers.product.length > 0)
  const join = useMemo(
    () => (shards.data ? joinJob(stores, shards.data, lat === undefined || lng === undefined ? null : { latitude: lat, longitude: lng }) : null),
    [stores, shards.data, lat, lng],
  )
  const { value: all, stale } = useSlicedOrLast(join)
  // Typing and toggling filters re-filter in the background: the input stays responsive.
  const filters = useDeferredValue(stateFilters)
  const { sortByDirection } = filters
  // A relevance order ranks the matches over the search's own order (filterOffers).
  const chosenSort = effectiveSort(search, filters)
  const sortBy = chosenSort === 'relevance' ? effectiveSort(search, { ...filters, searchText: '', sortBy: null }) : chosenSort
  const sorted = useMemo(() => (all ? sortOffers(all, sortBy, sortByDirection) : null), [all, sortBy, sortByDirection])
  const byThcValue = sortBy === 'thcValue'
  const result = useMemo(() => (sorted ? filterOffers(sorted, search, filters, nowMs) : null), [sorted, search, filters, nowMs])
  // The options' counts follow the results: counted once those are painted (once per result set).
  const unit = potencyUnitFor(search.productType)
  const toCount = useMemo(() => (result ? { counted: result.counted, filters, unit } : null), [result, filters, unit])
  const countFor = useAfterPaint(toCount)
  // The index the counts read is built in slices for a large search (facetIndexJobFor).
  const index = useSliced(useMemo(() => (countFor ? facetIndexJobFor(countFor.counted, countFor.unit) : null), [countFor]))
  const counts = useMemo(() => (countFor && index ? countFacetsOnce(countFor.counted, countFor.filters, countFor.unit) : null), [countFor, index])
  // Until then, a default search's options and their counts come with its first page (publish's
  // count of the same offers): the filters are whole from the first paint.
  const published = useMemo(() => (first?.facets ? publishedCounts(first.facets, first.category) : null), [first])
  // "Open now": the offers of stores open now, then, apart, those of stores whose hours are unknown
  // (filterOffers has left out the closed ones, before the counts; here they are split for the list).
  const openNow = useMemo(
    () => (result && filters.openNow ? splitOpenNow(result.offers, (o) => o.store.openingHours, nowMs) : null),
    [result, filters.openNow, nowMs],
  )
  const offers = useMemo(() => (openNow ? [...openNow.open, ...openNow.unknown] : result?.offers), [openNow, result])
  // Sorted by value, the note above the list counts the offers without one: once per result, not per keystroke.
  const thcValues = useMemo(() => (byThcValue && offers ? offers.map(thcValue) : null), [byThcValue, offers])

  // Until the shards are in, the default search shows publish's first page with its totals;
  // until they are joined, a search by region in the default order shows its first page.
  const firstPage = useMemo(
    () =>
      result
        ? null
        : first
          ? { offers: joinOffers(stores, [first], null), total: first.total, stores: first.stores }
          : pageFirst && shards.data
            ? firstPageOf(stores, shards.data, PAGE_SIZE)
            : null,
    [result, first, stores, pageFirst, shards.data],
  )
  const firstOffers = firstPage?.offers ?? null
  const showsFirst = firstOffers !== null
  useEffect(() => {
    if (!showsFirst || painted) return
    // After the next frame: the first page is on screen.
    let timer = 0
    const frame = requestAnimationFrame(() => (timer = window.setTimeout(() => setPainted(true))))
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [showsFirst, painted])

  const total = offers ? offers.length : (firstPage?.total ?? 0)
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const page = Math.min(state.page, pages)
  // The first results after a load paint their first FIRST_ROWS rows, then the rest of the page;
  // a page rendered after the publish has them all in its HTML, and hydrates them all (rendered
  // afresh for another query, it paints its first rows first too).
  const complete = useFirstRowsPainted(offers !== undefined || firstOffers !== null) || rendersPageHtml('search/stores')
  const shown = useMemo(
    () => (offers ? offers.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) : firstOffers)?.slice(0, complete ? PAGE_SIZE : FIRST_ROWS) ?? null,
    [offers, page, firstOffers, complete],
  )
  // The page's rows change only with the results: re-rendering the form (each keystroke) leaves them be.
  const list = useMemo(() => {
    if (!shown) return null
    // The page's first rows (those of stores open now, when split) are its main list's (OfferTable marksFirst).
    const rows = (part: SearchOffer[], first: boolean) =>
      !display.groupByStore ? (
        <OfferList offers={part} nowMs={nowMs} showStore cardView={display.cardView} byThcValue={byThcValue} marksFirst={first} />
      ) : (
        groupByStore(part).map((group) => (
          <StoreSection key={group.store.slug} group={group} nowMs={nowMs} cardView={display.cardView} byThcValue={byThcValue} />
        ))
      )
    if (!openNow) return rows(shown, true)
    const firstUnknown = openNow.open.length - (page - 1) * PAGE_SIZE
    const unknown = shown.slice(Math.max(0, firstUnknown))
    return (
      <>
        {firstUnknown > 0 && rows(shown.slice(0, firstUnknown), true)}
        {unknown.length > 0 && (
          <>
            <h3>Stores whose hours are unknown</h3>
            <p>The state’s list gives no hours we can read for these stores: they may be closed. Call before you go.</p>
            {rows(unknown, firstUnknown <= 0)}
          </>
        )}
      </>
    )
  }, [shown, display.groupByStore, display.cardView, nowMs, openNow, page, byThcValue])
  const storeCount = useMemo(
    () => (openNow && offers ? new Set(offers.map((o) => o.store.slug)).size : result ? result.stores : (firstPage?.stores ?? 0)),
    [openNow, offers, result, firstPage],
  )
  // The first page stands in for the shards while they load and are joined; their failure is
  // reported, with "Try again".
  const loaded =
    shards.data && !all
      ? { ...shards, error: undefined, data: firstOffers ? [] : undefined }
      : { ...shards, data: shards.data ?? (firstOffers && !shards.error ? [] : undefined) }
  return (
    <SnapshotView response={loaded} what="menus" loading={`Loading ${search.productType.toLowerCase()} menus`}>
      {() => (
        <section
          aria-labelledby="results-heading"
          aria-busy={!result || stale || !complete || filters !== stateFilters || countFor !== toCount || !counts}
        >
          <h2 id="results-heading">{state.searched ? 'Results' : 'Everything in stock, all of Ohio'}</h2>
          <p className={styles.summary} role="status">
            {total} offers at {storeCount} {storeCount === 1 ? 'store' : 'stores'}: {describeSearch(search)}
            {filters.searchText.trim() && `, matching “${filters.searchText.trim()}”`}.
          </p>
          <FacetForm filters={shownFilters} counts={counts ?? published} unit={unit} onChange={onFilters} />
          {thcValues && <ThcValueNote values={thcValues} what="offers" />}
          {result && result.offers.length === 0 ? (
            <EmptyResults result={result} search={search} onFilters={onFilters} onSearch={onSearch} />
          ) : (
            <div className={styles.paintApart}>{list}</div>
          )}
          {pages > 1 && <Pager page={page} pages={pages} onPage={onPage} />}
        </section>
      )}
    </SnapshotView>
  )
})
