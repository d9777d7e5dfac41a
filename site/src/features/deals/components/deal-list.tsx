import { useMemo } from 'react'
import { OfferTable, type OfferColumn } from '@/components/offers/offer-table'
import { SnapshotView } from '@/components/snapshot-view'
import type { Coordinates } from '@/lib/geo'
import { useNow } from '@/lib/use-now'
import { useRegionDeals } from '@/features/offers/api/use-shop'
import { taxRateAt, useStoreTaxRates, type StoreTaxRates } from '@/features/offers/api/use-store-tax-rates'
import { dealsOfFiles, pageOfDeals, selectDeals, unitGroupCounts, type DealsQuery, type LocatedDeal } from '../lib/deals'
import { potencyOf } from '@/features/offers/lib/potency'
import { formatThcValue } from '@/features/offers/lib/thc-value'
import { withThcValue } from '@/features/offers/components/offer-list'
import { Pager } from '@/features/offers/components/pager'
import { ThcValueNote } from '@/features/offers/components/thc-value-note'
import styles from '@/features/offers/components/shop.module.css'
import { wishlistAction, type ShopRow } from '@/features/offers/components/wishlist-button'

const COLUMNS: OfferColumn[] = ['product', 'size', 'price', 'discount', 'unitPrice', 'thc', 'market', 'store', 'menu']
// Sorted by value, each row says its price per 100 mg THC (or why it has none) beside the unit price.
const THC_VALUE_COLUMNS = withThcValue(COLUMNS)

function rowOf(d: LocatedDeal, taxRates: StoreTaxRates, showValue: boolean): ShopRow {
  return {
    ...d,
    ...potencyOf({ category: d.category, mg: d.mg, thc: d.thc, potencyUnit: d.potencyUnit, cbd: null, thcLow: d.thcLow }),
    salesTaxPercent: taxRateAt(taxRates, d.slug),
    thcValue: showValue ? formatThcValue(d.perThc) : undefined,
    key: `${d.slug}|${d.market}|${d.code}|${d.size}|${d.id}`,
    detail: [d.brand, d.category].filter(Boolean).join(' · '),
    isNew: false,
    store: { slug: d.slug, name: d.storeName, city: d.city, distance: d.distance, about: true },
    wish: { code: d.code, name: d.name, brand: d.brand, category: d.category, size: d.size, grams: d.grams, mg: d.mg, thc: d.thc },
  }
}

type Props = Pick<DealsQuery, 'category' | 'market' | 'sort'> & {
  /** files are the regions' deal files to read (api/deals/<region>). */
  files: string[]
  point: Coordinates | null
  /** within keeps deals this many miles from point at most; null for any distance. */
  within: number | null
  /** page is the page of the list asked for (the URL's); onPage goes to another. */
  page: number
  onPage: (page: number) => void
}

/** DealList loads the regions' deals and lists those asked for, a page at a time, through the last one. */
export function DealList({ files, point, within, category, market, sort, page, onPage }: Props) {
  const lists = useRegionDeals(files)
  // The stores' sales tax rates, for "≈ $X with tax".
  const taxRates = useStoreTaxRates()
  const nowMs = useNow(60_000)
  // The point is read from the URL on every render: the list is chosen again only when it moves.
  const lat = point?.latitude
  const lng = point?.longitude
  const deals = useMemo(
    () =>
      lists.data
        ? selectDeals(dealsOfFiles(lists.data), {
            point: lat === undefined || lng === undefined ? null : { latitude: lat, longitude: lng },
            within,
            category,
            market,
            sort,
          })
        : undefined,
    [lists.data, lat, lng, within, category, market, sort],
  )
  return (
    <SnapshotView response={{ ...lists, data: deals }} what="deals">
      {(deals) =>
        deals.length === 0 ? (
          <div className="empty-state">
            <p>
              No deal matches: nothing on sale {within !== null ? `within ${within} miles` : 'here'}
              {category ? ` in ${category}` : ''}
              {market ? ` on ${market === 'medical' ? 'medical' : 'adult-use'} menus` : ''}.
            </p>
            <p>Try all of Ohio, a larger distance, every product type or both markets.</p>
          </div>
        ) : (
          <DealPages deals={deals} taxRates={taxRates} sort={sort} page={page} onPage={onPage} nowMs={nowMs} />
        )
      }
    </SnapshotView>
  )
}

/** DealPages is one page of the ordered deals, with the pager and, for a unit-price or value sort, how it orders them. */
function DealPages({
  deals,
  taxRates,
  sort,
  page,
  onPage,
  nowMs,
}: { deals: LocatedDeal[]; taxRates: StoreTaxRates; nowMs: number } & Pick<Props, 'sort' | 'page' | 'onPage'>) {
  const shown = pageOfDeals(deals, page)
  const units = sort === 'unitPrice' ? unitGroupCounts(deals) : null
  const byValue = sort === 'thcValue'
  const pager = shown.pages > 1 && (
    <Pager
      page={shown.page}
      pages={shown.pages}
      label="Pages of deals"
      onPage={(next) => {
        onPage(next)
        document.getElementById('deals-heading')?.scrollIntoView()
      }}
    />
  )
  return (
    <section aria-labelledby="deals-heading">
      <h2 id="deals-heading">{deals.length} deals</h2>
      {units && (
        <p className={styles.summary} data-testid="unit-groups">
          Lowest unit price, like with like: {unitOrderText(units)}. A price per gram and a price per 100 mg THC are never compared.
        </p>
      )}
      {byValue && <ThcValueNote values={deals.map((d) => d.perThc)} what="deals" />}
      {shown.pages > 1 && (
        <p className={styles.summary}>
          Deals {shown.first + 1} to {shown.first + shown.rows.length} of {deals.length}.
        </p>
      )}
      <OfferTable
        rows={shown.rows.map((d) => rowOf(d, taxRates, byValue))}
        columns={byValue ? THC_VALUE_COLUMNS : COLUMNS}
        nowMs={nowMs}
        action={wishlistAction}
        marksFirst
      />
      {pager}
    </section>
  )
}

/** unitOrderText says in what order a unit-price sort lists the groups that have deals. */
function unitOrderText(units: ReturnType<typeof unitGroupCounts>): string {
  const parts = [
    units.g > 0 && `the ${units.g} priced per gram`,
    units['100mg'] > 0 && `the ${units['100mg']} priced per 100 mg THC`,
    units.none > 0 && `the ${units.none} with no unit price`,
  ].filter(Boolean)
  return parts.length > 1 ? `${parts.slice(0, -1).join(', then ')}, then ${parts.at(-1)}` : `${parts[0]}`
}
