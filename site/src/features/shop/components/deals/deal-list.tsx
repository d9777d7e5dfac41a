import { useMemo } from 'react'
import { OfferTable, type OfferColumn } from '../../../../components/offers/offer-table'
import { SnapshotView } from '../../../../components/snapshot-view'
import type { Coordinates } from '../../../../lib/geo'
import { useNow } from '../../../../lib/use-now'
import { useRegionDeals, useSearchStores } from '../../api/use-shop'
import { selectDeals, type DealsQuery, type LocatedDeal } from '../../lib/deals'
import styles from '../shop.module.css'
import { wishlistAction, type ShopRow } from '../wishlist-button'

const SHOWN = 200
const COLUMNS: OfferColumn[] = ['product', 'size', 'price', 'discount', 'unitPrice', 'thc', 'market', 'store', 'menu']

function rowOf(d: LocatedDeal, taxRates: ReadonlyMap<string, number | null> | undefined): ShopRow {
  return {
    ...d,
    salesTaxPercent: taxRates ? (taxRates.get(d.slug) ?? null) : undefined,
    key: `${d.slug}|${d.market}|${d.code}|${d.size}`,
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
}

/** DealList loads the regions' deals and lists the best 200 of those asked for. */
export function DealList({ files, point, within, category, market, sort }: Props) {
  const lists = useRegionDeals(files)
  // The stores' sales tax rates, for "≈ $X with tax" (api/search/stores, shared with Menus).
  const { data: stores } = useSearchStores()
  const taxRates = useMemo(() => stores && new Map(stores.stores.map((s) => [s.slug, s.salesTaxPercent ?? null])), [stores])
  const nowMs = useNow(60_000)
  const deals = useMemo(
    () =>
      lists.data
        ? selectDeals(
            lists.data.flatMap((l) => l.deals),
            { point, within, category, market, sort },
          )
        : undefined,
    [lists.data, point, within, category, market, sort],
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
          <section aria-labelledby="deals-heading">
            <h2 id="deals-heading">{deals.length} deals</h2>
            <OfferTable rows={deals.slice(0, SHOWN).map((d) => rowOf(d, taxRates))} columns={COLUMNS} nowMs={nowMs} action={wishlistAction} />
            {deals.length > SHOWN && <p className={styles.summary}>The {SHOWN} best are shown; narrow the search to see others.</p>}
          </section>
        )
      }
    </SnapshotView>
  )
}
