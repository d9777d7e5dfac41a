import { startTransition, useDeferredValue, useMemo, useOptimistic } from 'react'
import { useSearchParams } from 'react-router-dom'
import { CATEGORIES } from '@/api/common-schemas'
import { HttpError } from '@/api/errors'
import { LocalTime } from '@/components/local-time'
import { NotFoundScreen } from '@/components/not-found-screen'
import { Market, MenuAge } from '@/components/offers/offer-cells'
import { OfferCards, OfferTable, type OfferColumn } from '@/components/offers/offer-table'
import { PageTitle } from '@/components/page-title'
import { ReportProblem } from '@/components/report-problem'
import { SampleNotice } from '@/components/sample-notice'
import { SelectField } from '@/components/select-field'
import { SnapshotView } from '@/components/snapshot-view'
import { StatusIcon } from '@/components/status-icon'
import { StoreListingLines } from '@/components/store-listing-lines'
import { freshnessOf, parseUpdateTime } from '@/lib/freshness'
import { MARKET_LABEL } from '@/lib/unit-price'
import { useNow } from '@/lib/use-now'
import type { Menu } from '@/features/offers/api/shop-schemas'
import { useStoreMenu } from '@/features/offers/api/use-shop'
import { rendersPageHtml } from '@/api/page-data'
import { countFacetsOnce, potencyUnitFor } from '@/features/offers/lib/facets'
import { narrowFilters } from '@/features/offers/lib/offer-search'
import { displayStore, effectiveSort, type ShopFilters } from '@/features/offers/lib/search-state'
import { FIRST_ROWS, useAfterPaint } from '@/features/offers/lib/use-menu-search'
import {
  firstRowsOf,
  readStorePage,
  sortStoreOffers,
  storeOffersOf,
  writeStorePage,
  type StoreOffer,
  type StorePageState,
} from '@/features/offers/lib/store-menu'
import { formatThcValue, thcValue } from '@/features/offers/lib/thc-value'
import { FacetForm } from '@/features/offers/components/facet-form'
import { withThcValue } from '@/features/offers/components/offer-list'
import { SortFields } from '@/features/offers/components/filter-form'
import styles from '@/features/offers/components/shop.module.css'
import tables from '@/components/data-table.module.css'
import { wishlistAction, type ShopRow } from '@/features/offers/components/wishlist-button'

/** StorePage is one dispensary's page (/dispensary-menus/:store): who it is, how fresh its menus are, and every offer. */
export function StorePage({ slug }: { slug: string }) {
  const response = useStoreMenu(slug)
  if (response.error instanceof HttpError && response.error.status === 404) return <NotFoundScreen />
  return (
    <SnapshotView response={response} what="store’s menu">
      {(menu) => <StoreMenu menu={menu} />}
    </SnapshotView>
  )
}

// The store's page has no store column (and no "open now?" per row: the page says it once).
const COLUMNS: OfferColumn[] = ['product', 'size', 'price', 'unitPrice', 'thc', 'market', 'menu']
// Sorted by value, each row says its price per 100 mg THC beside the unit price.
const BY_VALUE_COLUMNS = withThcValue(COLUMNS)

/** rowOf is a store's offer as the offer lists show it. */
function rowOf(o: StoreOffer, menu: Menu, byThcValue: boolean): ShopRow {
  return {
    ...o,
    thcValue: byThcValue ? formatThcValue(thcValue(o)) : undefined,
    // The store's county rate comes with its menu: "≈ $X with tax", as every other list says.
    salesTaxPercent: menu.salesTaxPercent ?? null,
    detail: [o.brand, o.strain, o.inStock ? 'in stock' : 'out of stock'].filter(Boolean).join(' · '),
    store: { slug: menu.slug, name: menu.name, city: menu.city, distance: null, about: false },
    wish: { code: o.code, name: o.name, brand: o.brand ?? '', category: o.category, size: o.size, grams: o.grams, mg: o.mg, thc: o.thc },
  }
}

function StoreMenu({ menu }: { menu: Menu }) {
  const nowMs = useNow(60_000)
  const display = displayStore.use()
  const [params, setParams] = useSearchParams()
  const state = useMemo(() => readStorePage(params), [params])
  // The form shows a change at once; the offers follow in a transition (typing: the URL entry is replaced).
  const [shown, setShown] = useOptimistic(state)
  const change = (patch: Partial<StorePageState>, replace = false) => {
    const next = { ...shown, ...patch }
    startTransition(() => {
      setShown(next)
      setParams(writeStorePage(next), { replace })
    })
  }
  const all = useMemo(() => storeOffersOf(menu), [menu])
  const filters = useDeferredValue(state)
  const sortBy = effectiveSort(null, filters)
  const sorted = useMemo(
    () => sortStoreOffers(all, sortBy === 'relevance' ? 'price' : sortBy, sortBy === 'relevance' ? 'asc' : filters.sortByDirection),
    [all, sortBy, filters.sortByDirection],
  )
  const inScope = useMemo(
    () => sorted.filter((o) => (!filters.category || o.category === filters.category) && (!filters.market || o.market === filters.market)),
    [sorted, filters.category, filters.market],
  )
  const unit = potencyUnitFor(filters.category || null)
  const result = useMemo(() => narrowFilters(inScope, filters, unit, nowMs), [inScope, filters, unit, nowMs])
  // The options' counts follow the offers, counted once those are painted. The page's HTML
  // rendered after a publish has them (counted in its render, as its hydration counts them), so
  // that its filters are whole from the first paint and nothing below them moves.
  const toCount = useMemo(() => ({ counted: result.counted, filters, unit }), [result, filters, unit])
  const countFor = useAfterPaint(toCount) ?? (rendersPageHtml(`menus/${menu.slug}`) ? toCount : null)
  const counts = useMemo(() => (countFor ? countFacetsOnce(countFor.counted, countFor.filters, countFor.unit) : null), [countFor])
  const byCategory = useMemo(
    () =>
      CATEGORIES.map((category) => ({ category, offers: result.offers.filter((o) => o.category === category) })).filter((g) => g.offers.length > 0),
    [result],
  )
  // A large store lists 700 offers and more: its first FIRST_ROWS offers (of the first product
  // types) are painted first, the rest follow once they are. A page rendered after the publish
  // carries every offer in its HTML (for a visitor without JavaScript too): it renders them all
  // from the start, and so hydrates them all (rendered afresh for another query, it paints its
  // first rows first too).
  const painted = useAfterPaint(byCategory)
  const complete = painted === byCategory || rendersPageHtml(`menus/${menu.slug}`)
  const sections = useMemo(() => (complete ? byCategory : firstRowsOf(byCategory, FIRST_ROWS)), [complete, byCategory])
  const categoryCounts = useMemo(() => {
    const counts = new Map<string, number>()
    for (const o of all) if (!filters.market || o.market === filters.market) counts.set(o.category, (counts.get(o.category) ?? 0) + 1)
    return counts
  }, [all, filters.market])
  const address = [menu.address, menu.city].filter(Boolean).join(', ')
  return (
    <>
      <PageTitle screen={menu.name} />
      <h1>{menu.name}</h1>
      <SampleNotice sample={menu.sample} />
      <section aria-labelledby="store-heading" className={styles.storeAbout}>
        <h2 id="store-heading" className="visually-hidden">
          About the store
        </h2>
        {address && <p>{address}</p>}
        <StoreListingLines store={menu} nowMs={nowMs} />
        {menu.website && (
          <p>
            <a href={menu.website} target="_blank" rel="noopener">
              The store’s own site<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        )}
        <ReportProblem
          title={menu.name}
          report={{
            store: `${menu.name}, ${address}`,
            market: menu.markets.map((m) => MARKET_LABEL[m.market]).join(' and '),
            menu: menu.markets.map((m) => m.menuUrl).find(Boolean) ?? undefined,
            snapshot: menu.generatedAt,
          }}
        />
      </section>
      <MarketsFreshness menu={menu} nowMs={nowMs} />
      <h2 id="offers-heading">Offers</h2>
      <form className={styles.form} aria-label="Search this menu" onSubmit={(event) => event.preventDefault()}>
        <label className={`${styles.field} ${styles.wide}`}>
          Search this menu (brand, product or strain)
          <input
            type="search"
            value={shown.searchText}
            placeholder="e.g. Wedding Cake"
            onChange={(e) => change({ searchText: e.target.value }, true)}
          />
        </label>
        <SelectField
          className={styles.field}
          label="Product type"
          value={shown.category}
          choices={[
            ['', `All types (${all.length})`],
            ...CATEGORIES.filter((c) => categoryCounts.has(c)).map((c) => [c, `${c} (${categoryCounts.get(c)})`] as const),
          ]}
          onChange={(category) => change({ category })}
        />
        {menu.markets.length > 1 && (
          <SelectField
            className={styles.field}
            label="Market"
            value={shown.market}
            choices={[['', 'Both markets'], ...menu.markets.map((m) => [m.market, MARKET_LABEL[m.market]] as const)]}
            onChange={(market) => change({ market })}
          />
        )}
        <SortFields filters={shown} onChange={(patch: Partial<ShopFilters>) => change(patch)} byDistance={false} />
        <label className={styles.check}>
          <input type="checkbox" checked={display.cardView} onChange={(e) => displayStore.set({ ...display, cardView: e.target.checked })} />
          Cards
        </label>
      </form>
      <FacetForm filters={shown} counts={counts} unit={unit} onChange={change} />
      <section aria-labelledby="offers-heading" aria-busy={filters !== state || countFor !== toCount || !complete}>
        <p className={styles.summary} role="status">
          {result.offers.length} of {all.length} offers
          {filters.searchText.trim() && `, matching “${filters.searchText.trim()}”`}.
        </p>
        {sections.map(({ category, offers }, i) => {
          const rows = offers.map((o) => rowOf(o, menu, sortBy === 'thcValue'))
          return (
            <section key={category} aria-labelledby={`category-${category}`}>
              <h3 id={`category-${category}`}>
                {category} <span className={tables.sub}>({byCategory[i]!.offers.length})</span>
              </h3>
              {display.cardView ? (
                <OfferCards rows={rows} nowMs={nowMs} showStore={false} action={wishlistAction} />
              ) : (
                <OfferTable
                  rows={rows}
                  columns={sortBy === 'thcValue' ? BY_VALUE_COLUMNS : COLUMNS}
                  nowMs={nowMs}
                  caption={`${category} at ${menu.name}`}
                  action={wishlistAction}
                  marksFirst={i === 0}
                />
              )}
            </section>
          )
        })}
        {result.offers.length === 0 && (
          <p className="empty-state">
            {all.length === 0 ? 'No menu of this store lists anything now.' : 'No offer of this store matches: clear a filter or the text.'}
          </p>
        )}
      </section>
    </>
  )
}

/** MarketsFreshness lists each market's menu (a link to it, for pickup) and each category's freshness and last update. */
function MarketsFreshness({ menu, nowMs }: { menu: Menu; nowMs: number }) {
  return (
    <section aria-labelledby="markets-heading">
      <h2 id="markets-heading">Menus</h2>
      {menu.markets.map((m) => (
        <div key={m.market} className={styles.storeMarket}>
          <h3>
            <Market market={m.market} />
          </h3>
          {m.menuUrl ? (
            <p>
              <a href={m.menuUrl} target="_blank" rel="noopener">
                Order for pickup on the store’s {MARKET_LABEL[m.market].toLowerCase()} menu
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          ) : (
            <p>No online menu on record for this market: call the store to order.</p>
          )}
          {/* On a phone the table scrolls sideways: the keyboard can reach it (a focusable region). */}
          <div className={tables.wrap} tabIndex={0} role="region" aria-label={`${MARKET_LABEL[m.market]} menu: freshness by product type`}>
            <table className={tables.table}>
              <caption className="visually-hidden">{`${MARKET_LABEL[m.market]} menu: each product type’s freshness`}</caption>
              <thead>
                <tr>
                  <th scope="col">Product type</th>
                  <th scope="col">Offers</th>
                  <th scope="col">Freshness</th>
                  <th scope="col">Last update</th>
                </tr>
              </thead>
              <tbody>
                {CATEGORIES.filter((c) => m.categories[c]).map((c) => {
                  const cat = m.categories[c]!
                  const ms = parseUpdateTime(cat.lastUpdate)
                  return (
                    <tr key={c}>
                      <th scope="row">{c}</th>
                      <td>{cat.count}</td>
                      <td>
                        <StatusIcon state={freshnessOf(cat.lastUpdate, nowMs)} /> {freshnessOf(cat.lastUpdate, nowMs)}
                      </td>
                      <td>{ms === null ? 'never read' : <MenuAge lastUpdate={cat.lastUpdate} nowMs={nowMs} />}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          {Object.keys(m.categories).length === 0 && <p>No product type read yet.</p>}
        </div>
      ))}
      <p className={tables.sub}>
        Freshness is counted now, from each product type’s last update
        {menu.generatedAt && (
          <>
            ; published <LocalTime ms={parseUpdateTime(menu.generatedAt) ?? 0} withTime />
          </>
        )}
        .
      </p>
    </section>
  )
}
