import { startTransition, useDeferredValue, useEffect, useMemo, useOptimistic, useRef, useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { CATEGORIES, REGIONS, type Category, type SearchFirst } from '../api/shop-schemas'
import { useSearchFirst, useSearchShards, useSearchStores } from '../api/use-shop'
import { PageTitle } from '../components/page-title'
import { SampleNotice } from '../components/shop/offer-bits'
import { OfferList, StoreSection } from '../components/shop/offer-list'
import styles from '../components/shop/shop.module.css'
import { SnapshotView } from '../components/snapshot-view'
import { Spinner } from '../components/spinner'
import { paths } from '../config/paths'
import { getErrorMessage } from '../lib/get-error-message'
import { useHydrated } from '../lib/local-store'
import { filterOffers, groupByStore, joinOffers, shardsFor, sortOffers, type FilterResult } from '../lib/offer-search'
import { OHIO_CITIES, SIMPLEMAPS_CREDIT } from '../lib/ohio-cities'
import { lastPointStore } from '../lib/last-point'
import {
  displayStore,
  hasPoint,
  menuTypeOf,
  previousSearchStore,
  readMenuSearch,
  withPreviousSearch,
  writeMenuSearch,
  DEFAULT_FILTERS,
  type DispensarySearchState,
  type MenuSearch,
  type PreviousSearch,
  type SearchFilters,
  type SortKey,
} from '../lib/search-state'
import { useNow } from '../lib/use-now'

/** PAGE_SIZE offers are shown per page. */
export const PAGE_SIZE = 50

const SORT_LABELS: Record<SortKey, [string, string, string]> = {
  name: ['Name', 'A to Z', 'Z to A'],
  price: ['Price', 'lowest first', 'highest first'],
  unitPrice: ['Unit price', 'lowest first', 'highest first'],
  thc: ['THC', 'lowest first', 'highest first'],
  distance: ['Distance', 'nearest first', 'farthest first'],
  lastUpdate: ['Last update', 'oldest first', 'newest first'],
}
const DISTANCES = [5, 10, 25, 50, 100, 200]
const MARKET_WORDS = { medical: 'medical', recreational: 'adult-use', both: 'medical and adult-use' } as const

function describeSearch(search: DispensarySearchState): string {
  const where =
    search.searchType === 'distance'
      ? `within ${search.maxDistance} miles of ${search.place || 'the chosen point'}`
      : search.region
        ? `in ${search.region} Ohio`
        : 'in all of Ohio'
  return `${search.productType} on ${MARKET_WORDS[menuTypeOf(search)]} menus ${where}`
}

/**
 * isFirstPageSearch tells whether a search is the one publish writes the first page
 * of (api/search/<category>/first): the whole state, both markets, default filters, page 1.
 */
export function isFirstPageSearch({ search, filters, page }: MenuSearch): boolean {
  return (
    page === 1 &&
    search.searchType === 'region' &&
    search.region === '' &&
    search.showMedical &&
    search.showRecreational &&
    (Object.keys(DEFAULT_FILTERS) as (keyof SearchFilters)[]).every((k) => filters[k] === DEFAULT_FILTERS[k])
  )
}

function describePrevious(previous: PreviousSearch): string {
  return `${previous.productType}, ${MARKET_WORDS[previous.menuType]}, ${previous.region || 'all of Ohio'}`
}

/** TYPING_PAUSE_MS: the results follow typing once it pauses this long. */
const TYPING_PAUSE_MS = 200

/** afterNextPaint resolves once the browser has painted the current frame. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
}

/** MenusRoute (/dispensary-menus, /menu): search every monitored menu (SPEC.md §3's dispensary search). */
export function MenusRoute() {
  const hydrated = useHydrated()
  return (
    <>
      <PageTitle screen="Menus" />
      <h1>Dispensary Menus</h1>
      <p className="lead">
        What is in stock at Ohio's dispensaries, from their own online menus, by region or by distance. Always check the dispensary's own site for the
        most accurate information before you visit.
      </p>
      {hydrated ? <MenuSearchScreen /> : <Spinner label="Loading the menus search" />}
    </>
  )
}

function MenuSearchScreen() {
  const [params, setParams] = useSearchParams()
  const state = useMemo(() => readMenuSearch(params), [params])
  // The router changes the URL in a transition, which keeps the old screen until
  // the new one is ready: the form shows the change at once, the results follow.
  const [shown, setShown] = useOptimistic(state)
  const latest = useRef(0)
  const previous = previousSearchStore.use()
  const stores = useSearchStores()
  // The first page of the default search comes in one small file, alongside the stores,
  // so the first paint never waits for every shard.
  const first = useSearchFirst(state.search.productType as Category, isFirstPageSearch(state))

  // Every change is a new history entry (back undoes it), except typing, which replaces it.
  const go = (next: Partial<Omit<MenuSearch, 'searched'>>, replace = false) => {
    const merged = { search: shown.search, filters: shown.filters, page: 1, ...next }
    const search = merged.search
    // Only when they change: each write re-renders their readers at once, outside the transition.
    const last = { region: search.searchType === 'region' ? search.region : '', menuType: menuTypeOf(search), productType: search.productType }
    if (JSON.stringify(last) !== JSON.stringify(previousSearchStore.get())) previousSearchStore.set(last)
    const point = { ...search.coordinates, place: search.place }
    if (search.searchType === 'distance' && hasPoint(search.coordinates) && JSON.stringify(point) !== JSON.stringify(lastPointStore.get()))
      lastPointStore.set(point)
    // The form shows the change at once; the new URL (and the results it brings) waits for
    // the next paint, so a click is answered before any results work, and typing waits for
    // a pause (TYPING_PAUSE_MS), so keystrokes never queue behind a search of the whole state.
    const ticket = ++latest.current
    startTransition(async () => {
      setShown({ ...merged, searched: true })
      await (replace ? new Promise((resolve) => setTimeout(resolve, TYPING_PAUSE_MS)) : afterNextPaint())
      if (ticket !== latest.current) return
      startTransition(() => setParams(writeMenuSearch(merged), { replace }))
    })
  }
  const setSearch = (patch: Partial<DispensarySearchState>) => go({ search: { ...shown.search, ...patch } })
  const setFilters = (patch: Partial<SearchFilters>, replace = false) => go({ filters: { ...shown.filters, ...patch } }, replace)

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
            <Results
              state={state}
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

function SearchForm({ search, onChange }: { search: DispensarySearchState; onChange: (patch: Partial<DispensarySearchState>) => void }) {
  const [locating, setLocating] = useState<string | null>(null)
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocating('This browser cannot share its location: pick a city instead.')
      return
    }
    setLocating('Asking the browser for your location…')
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(null)
        onChange({
          searchType: 'distance',
          coordinates: { latitude: position.coords.latitude, longitude: position.coords.longitude },
          place: 'your location',
        })
      },
      (error) => setLocating(`Your location is not available (${error.message || 'permission denied'}): pick a city instead.`),
      { maximumAge: 600_000, timeout: 15_000 },
    )
  }
  const city = OHIO_CITIES.find((c) => c.city === search.place)
  return (
    <form className={styles.form} aria-label="Search" onSubmit={(event) => event.preventDefault()}>
      <fieldset>
        <legend>Search by</legend>
        {(['region', 'distance'] as const).map((type) => (
          <label key={type} className={styles.check}>
            <input
              type="radio"
              name="searchType"
              checked={search.searchType === type}
              onChange={() =>
                type === 'region'
                  ? onChange({ searchType: 'region' })
                  : onChange({
                      searchType: 'distance',
                      ...(hasPoint(search.coordinates) ? {} : { coordinates: { latitude: 39.9862, longitude: -82.9855 }, place: 'Columbus' }),
                    })
              }
            />
            {type === 'region' ? 'Region' : 'Distance'}
          </label>
        ))}
      </fieldset>
      {search.searchType === 'region' ? (
        <label className={styles.field}>
          Region
          <select value={search.region} onChange={(e) => onChange({ region: e.target.value })}>
            <option value="">All of Ohio</option>
            {REGIONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <>
          <label className={styles.field}>
            Near
            <select
              value={city ? city.city : ''}
              onChange={(e) => {
                const picked = OHIO_CITIES.find((c) => c.city === e.target.value)
                if (picked) onChange({ coordinates: { latitude: picked.lat, longitude: picked.lng }, place: picked.city })
              }}
            >
              {!city && <option value="">{search.place || 'Chosen point'}</option>}
              {OHIO_CITIES.map((c) => (
                <option key={c.city} value={c.city}>
                  {c.city}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            Within
            <select value={search.maxDistance} onChange={(e) => onChange({ maxDistance: Number(e.target.value) })}>
              {[...new Set([...DISTANCES, search.maxDistance])]
                .sort((a, b) => a - b)
                .map((d) => (
                  <option key={d} value={d}>
                    {d} miles
                  </option>
                ))}
            </select>
          </label>
          <div>
            <button type="button" className="button button--secondary" onClick={locate}>
              Use my location
            </button>
            {locating && <p role="status">{locating}</p>}
          </div>
          <p className={`${styles.credit} ${styles.wide}`}>
            Distances are straight lines from the city centre or your location; many stores are placed at their city's centre.{' '}
            <a href={SIMPLEMAPS_CREDIT.url}>{SIMPLEMAPS_CREDIT.text}</a>.
          </p>
        </>
      )}
      <fieldset>
        <legend>Menus</legend>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={search.showMedical}
            disabled={search.showMedical && !search.showRecreational}
            onChange={(e) => onChange({ showMedical: e.target.checked })}
          />
          Medical
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={search.showRecreational}
            disabled={search.showRecreational && !search.showMedical}
            onChange={(e) => onChange({ showRecreational: e.target.checked })}
          />
          Adult use (recreational)
        </label>
      </fieldset>
      <label className={styles.field}>
        Product type
        <select value={search.productType} onChange={(e) => onChange({ productType: e.target.value })}>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
    </form>
  )
}

function FilterForm({
  search,
  filters,
  onChange,
}: {
  search: DispensarySearchState
  filters: SearchFilters
  onChange: (patch: Partial<SearchFilters>, replace?: boolean) => void
}) {
  const display = displayStore.use()
  const byDistance = search.searchType === 'distance'
  return (
    <form className={styles.form} aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      <label className={`${styles.field} ${styles.wide}`}>
        Brand, product or strain
        <input
          type="search"
          value={filters.searchText}
          placeholder="e.g. Wedding Cake"
          onChange={(e) => onChange({ searchText: e.target.value }, true)}
        />
      </label>
      <fieldset>
        <legend>Show only</legend>
        <label className={styles.check}>
          <input type="checkbox" checked={filters.newOnly} onChange={(e) => onChange({ newOnly: e.target.checked })} />
          New this week
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={filters.saleOnly} onChange={(e) => onChange({ saleOnly: e.target.checked })} />
          On sale
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={filters.dealsOnly} onChange={(e) => onChange({ dealsOnly: e.target.checked })} />
          Deals (on sale or cheapest quarter per unit)
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={filters.staleExclude} onChange={(e) => onChange({ staleExclude: e.target.checked })} />
          Exclude stale menus
        </label>
      </fieldset>
      <label className={styles.field}>
        Sort by
        <select value={filters.sortBy} onChange={(e) => onChange({ sortBy: e.target.value as SortKey })}>
          {(Object.keys(SORT_LABELS) as SortKey[])
            .filter((key) => key !== 'distance' || byDistance || filters.sortBy === 'distance')
            .map((key) => (
              <option key={key} value={key}>
                {SORT_LABELS[key][0]}
              </option>
            ))}
        </select>
      </label>
      <label className={styles.field}>
        Order
        <select value={filters.sortByDirection} onChange={(e) => onChange({ sortByDirection: e.target.value as 'asc' | 'desc' })}>
          <option value="asc">{SORT_LABELS[filters.sortBy][1]}</option>
          <option value="desc">{SORT_LABELS[filters.sortBy][2]}</option>
        </select>
      </label>
      {byDistance && (
        <label className={styles.field}>
          Hide offers farther than (miles)
          <input
            type="number"
            min={0}
            max={1000}
            value={filters.distance}
            onChange={(e) => onChange({ distance: Math.max(0, Math.min(1000, Number(e.target.value) || 0)) }, true)}
          />
        </label>
      )}
      <fieldset>
        <legend>Display</legend>
        <label className={styles.check}>
          <input type="checkbox" checked={display.oneList} onChange={(e) => displayStore.set({ ...display, oneList: e.target.checked })} />
          One list (not grouped by store)
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={display.cardView} onChange={(e) => displayStore.set({ ...display, cardView: e.target.checked })} />
          Cards
        </label>
      </fieldset>
    </form>
  )
}

const FILTER_NAMES: Record<keyof FilterResult['excluded'], [string, Partial<SearchFilters>]> = {
  distance: ['the distance limit', { distance: DEFAULT_FILTERS.distance }],
  newOnly: ['“new this week”', { newOnly: false }],
  saleOnly: ['“on sale”', { saleOnly: false }],
  dealsOnly: ['“deals”', { dealsOnly: false }],
  staleExclude: ['“exclude stale menus”', { staleExclude: false }],
  searchText: ['the text', { searchText: '' }],
}

function Results({
  state,
  first,
  firstSettled,
  shardNames,
  onPage,
  onFilters,
  onSearch,
}: {
  state: MenuSearch
  first: SearchFirst | undefined
  firstSettled: boolean
  shardNames: string[]
  onPage: (page: number) => void
  onFilters: (patch: Partial<SearchFilters>) => void
  onSearch: (patch: Partial<DispensarySearchState>) => void
}) {
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
  const all = useMemo(
    () => (shards.data ? joinOffers(stores, shards.data, lat === undefined || lng === undefined ? null : { latitude: lat, longitude: lng }) : null),
    [stores, shards.data, lat, lng],
  )
  // Typing and toggling filters re-filter in the background: the input stays responsive.
  const filters = useDeferredValue(stateFilters)
  const { sortBy, sortByDirection } = filters
  const sorted = useMemo(() => (all ? sortOffers(all, sortBy, sortByDirection) : null), [all, sortBy, sortByDirection])
  const result = useMemo(() => (sorted ? filterOffers(sorted, search, filters, nowMs) : null), [sorted, search, filters, nowMs])

  // Until the shards are in, the default search shows publish's first page with its totals.
  const firstOffers = useMemo(() => (!result && first ? joinOffers(stores, [first], null) : null), [result, first, stores])
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

  const total = result ? result.offers.length : (first?.total ?? 0)
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const page = Math.min(state.page, pages)
  const shown = useMemo(() => (result ? result.offers.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) : firstOffers), [result, page, firstOffers])
  // The page's rows change only with the results: re-rendering the form (each keystroke) leaves them be.
  const list = useMemo(() => {
    if (!shown) return null
    return display.oneList ? (
      <OfferList offers={shown} nowMs={nowMs} showStore cardView={display.cardView} />
    ) : (
      groupByStore(shown).map((group) => <StoreSection key={group.store.slug} group={group} nowMs={nowMs} cardView={display.cardView} />)
    )
  }, [shown, display.oneList, display.cardView, nowMs])
  const storeCount = result ? result.stores : (first?.stores ?? 0)
  if (shards.error && !shards.data) {
    return (
      <div className="notice notice--error" role="alert">
        <p>The menus could not be loaded: {getErrorMessage(shards.error)}</p>
        <button type="button" className="button button--secondary" onClick={() => void shards.mutate()}>
          Try again
        </button>
      </div>
    )
  }
  if (!result && !firstOffers) return <Spinner label={`Loading ${search.productType.toLowerCase()} menus`} />
  return (
    <section aria-labelledby="results-heading" aria-busy={!result || filters !== stateFilters}>
      <h2 id="results-heading">{state.searched ? 'Results' : 'Everything in stock, all of Ohio'}</h2>
      <p className={styles.summary} role="status">
        {total} offers at {storeCount} {storeCount === 1 ? 'store' : 'stores'}: {describeSearch(search)}
        {filters.searchText.trim() && `, matching “${filters.searchText.trim()}”`}.
      </p>
      {result && result.offers.length === 0 ? <EmptyResults result={result} search={search} onFilters={onFilters} onSearch={onSearch} /> : list}
      {pages > 1 && (
        <nav className={styles.pager} aria-label="Pages">
          <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  )
}

function EmptyResults({
  result,
  search,
  onFilters,
  onSearch,
}: {
  result: FilterResult
  search: DispensarySearchState
  onFilters: (patch: Partial<SearchFilters>) => void
  onSearch: (patch: Partial<DispensarySearchState>) => void
}) {
  const widen: ReactNode[] = []
  if (search.searchType === 'distance' && search.maxDistance < 200)
    widen.push(
      <button
        key="far"
        type="button"
        className="button button--secondary"
        onClick={() => onSearch({ maxDistance: Math.min(200, search.maxDistance * 2) })}
      >
        Search within {Math.min(200, search.maxDistance * 2)} miles
      </button>,
    )
  if (search.searchType === 'region' && search.region)
    widen.push(
      <button key="ohio" type="button" className="button button--secondary" onClick={() => onSearch({ region: '' })}>
        Search all of Ohio
      </button>,
    )
  if (!search.showMedical || !search.showRecreational)
    widen.push(
      <button key="both" type="button" className="button button--secondary" onClick={() => onSearch({ showMedical: true, showRecreational: true })}>
        Include both medical and adult-use menus
      </button>,
    )
  const filtersUsed = (Object.keys(result.excluded) as (keyof FilterResult['excluded'])[]).filter((k) => (result.excluded[k] ?? 0) > 0)
  return (
    <div className="empty-state">
      {result.inScope === 0 ? (
        <p>
          No {search.productType.toLowerCase()} is in stock on a recent menu {describeSearch(search).replace(/^.*? on /, 'on ')}: either no store
          there lists this product type, or their menus are more than 36 hours old (see the{' '}
          <Link to={paths.dispensaryStatus.path}>dispensary status</Link> page).
        </p>
      ) : (
        <p>
          {result.inScope} offers match the search, but the filters hide them all:{' '}
          {filtersUsed.map((k) => `${FILTER_NAMES[k][0]} hid ${result.excluded[k]}`).join(', ')}.
        </p>
      )}
      <p>To see more:</p>
      <p className={styles.row}>
        {filtersUsed.map((k) => (
          <button key={k} type="button" className="button button--secondary" onClick={() => onFilters(FILTER_NAMES[k][1])}>
            Remove {FILTER_NAMES[k][0]}
          </button>
        ))}
        {widen}
        {result.inScope === 0 && <span>or try another product type.</span>}
      </p>
    </div>
  )
}
