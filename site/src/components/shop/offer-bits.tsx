import { Link } from 'react-router-dom'
import { productHref } from '../../config/paths'
import { formatAge, formatCost } from '../../lib/format'
import { freshnessOf, parseUpdateTime } from '../../lib/freshness'
import { formatUnitPrice, isOnSale, MARKET_LABEL, type Unit } from '../../lib/unit-price'
import { StatusIcon } from '../status-icon'
import styles from './shop.module.css'

/** PricePaid shows what a shopper pays: the sale price with the regular price struck through, or the price. */
export function PricePaid({ price, salePrice }: { price: number; salePrice: number | null | undefined }) {
  if (!isOnSale(price, salePrice)) return <span className={styles.price}>{formatCost(price)}</span>
  return (
    <span className={styles.price}>
      <span className={styles.sale}>
        <span className="visually-hidden">On sale: </span>
        {formatCost(salePrice!)}
      </span>{' '}
      <del className={styles.regular}>
        <span className="visually-hidden">regular price </span>
        {formatCost(price)}
      </del>
    </span>
  )
}

/** UnitPrice shows the published unit price ("$10.29/g"). */
export function UnitPrice({ unitPrice, unit }: { unitPrice: number | null | undefined; unit: Unit | null | undefined }) {
  return <span className={styles.unitPrice}>{formatUnitPrice(unitPrice, unit)}</span>
}

/** Market names an offer's market ("Medical", "Adult use"). */
export function Market({ market }: { market: 'medical' | 'recreational' }) {
  return <span className={`${styles.market} ${market === 'medical' ? styles.medical : styles.recreational}`}>{MARKET_LABEL[market]}</span>
}

/** MenuAge shows how fresh the menu an offer comes from is: its freshness icon and its age. */
export function MenuAge({ lastUpdate, nowMs }: { lastUpdate: string | null; nowMs: number }) {
  const state = freshnessOf(lastUpdate, nowMs)
  return (
    <span className={styles.menuAge}>
      <StatusIcon state={state} />
      <span>menu {state === 'missing' && lastUpdate === null ? 'not read' : `updated ${formatAge(parseUpdateTime(lastUpdate), nowMs)}`}</span>
    </span>
  )
}

/** Thc shows a THC percentage, or a dash when the menu gave none. */
export function Thc({ thc }: { thc: number | null }) {
  return <span>{thc === null ? <span aria-label="THC not given">–</span> : `${thc}% THC`}</span>
}

/** ProductLink links a product's name to its page. */
export function ProductLink({ code, name }: { code: string; name: string }) {
  return (
    <Link className={styles.productLink} to={productHref(code)}>
      {name}
    </Link>
  )
}

/** SampleNotice says the data shown is sample data (the demo, the replay). */
export function SampleNotice({ sample }: { sample: boolean | undefined }) {
  if (!sample) return null
  return (
    <p className="notice notice--warning" role="note">
      Sample data: these menus are made up for the demo, not real Ohio prices.
    </p>
  )
}
