import { useId } from 'react'
import type { Deal, RegionDeals } from '../api/home-schemas'
import { formatAge, formatCost } from '@/lib/format'
import { useMountedNow } from '@/lib/use-now'
import { formatUnitPrice, MARKET_LABEL } from '@/lib/unit-price'
import styles from './statistics.module.css'
import { SaleLowNote } from '@/components/offers/sale-low-note'

// The sections of a region card, in the order the spec lists them.
const SECTIONS = [
  { key: 'flower', title: 'Flower' },
  { key: 'vape', title: 'Vape' },
  { key: 'edible', title: 'Edibles' },
  { key: 'extract', title: 'Extracts' },
] as const

function DealItem({ deal, nowMs }: { deal: Deal; nowMs: number }) {
  const read = deal.lastUpdate ? Date.parse(deal.lastUpdate) : NaN
  return (
    <li className={styles.deal}>
      <p className={styles.dealProduct}>
        <span className={styles.dealName}>{deal.name}</span> <span className={styles.dealCost}>for {formatCost(deal.cost)}</span>
        {deal.onSale && deal.regularPrice != null && deal.regularPrice > deal.cost && (
          <>
            {' '}
            <del className={styles.dealRegular}>
              <span className="visually-hidden">regular price </span>
              {formatCost(deal.regularPrice)}
            </del>
          </>
        )}
      </p>
      <p className={styles.dealFacts}>
        {deal.brand && <span>{deal.brand}</span>}
        {deal.size && <span>{deal.size}</span>}
        <span>{formatUnitPrice(deal.unitPrice, deal.unit)}</span>
        <span>{MARKET_LABEL[deal.market]}</span>
        {deal.onSale && <span>on sale</span>}
      </p>
      {deal.onSale && <SaleLowNote saleLow={deal.saleLow} />}
      <p className={styles.dealStore}>
        <span className={styles.dealStoreName}>{deal.storeName}</span>
        <span className={styles.dealLocation}>{deal.storeLocation}</span>
        {Number.isFinite(read) && <span className={styles.dealAge}>menu updated {formatAge(read, nowMs)}</span>}
      </p>
    </li>
  )
}

/** RegionDealsCard shows one region's cheapest current offers per category. */
export function RegionDealsCard({ region }: { region: RegionDeals }) {
  const headingId = useId()
  // The time the card was shown (the page's own time while it hydrates): a menu's age on
  // the homepage need not tick.
  const nowMs = useMountedNow()
  return (
    <section className={`card ${styles.card}`} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.cardTitle}>
        {region.region} Top Deals
      </h3>
      {SECTIONS.map(({ key, title }) => {
        const deals = region[key] ?? []
        return (
          <section key={key} className={styles.dealSection} aria-label={`${region.region} ${title}`}>
            <h4 className={styles.sectionTitle}>{title}</h4>
            {deals.length === 0 ? (
              <p className={styles.empty}>No current deals</p>
            ) : (
              <ul className={styles.deals}>
                {deals.map((deal, index) => (
                  <DealItem key={`${deal.storeName}|${deal.name}|${index}`} deal={deal} nowMs={nowMs} />
                ))}
              </ul>
            )}
          </section>
        )
      })}
    </section>
  )
}
