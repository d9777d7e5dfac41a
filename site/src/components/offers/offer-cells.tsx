import { Link } from 'react-router-dom'
import { productHref, storeMenuHref } from '@/config/paths'
import { formatAge, formatCost, formatPotency } from '@/lib/format'
import { freshnessOf, parseUpdateTime } from '@/lib/freshness'
import { formatMiles } from '@/lib/geo'
import { taxRatePercent, withTax } from '@/lib/tax'
import { formatUnitPrice, isOnSale, MARKET_LABEL, pricePaid, type Unit } from '@/lib/unit-price'
import { StatusIcon } from '../status-icon'
import styles from './offers.module.css'
import tables from '../data-table.module.css'

// The cells of an offer, the same words on every screen: each says what it is by
// itself ("$8.31/g", "27% THC", "100 mg THC", "menu updated 2 h ago"), so an offer reads the
// same in a table, a card or a phone's wrapped row.

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

/**
 * WithTax says about what the price paid comes to at the counter: "≈ $58.75 with tax"
 * (lib/tax.ts: adult use the excise and the county's sales tax, medical the sales tax).
 * Nothing while the store's rate is loading (undefined) or when its county is unknown
 * (null): no guess. It sits beside the menu's price, never in its place.
 */
export function WithTax({
  price,
  salePrice,
  market,
  salesTaxPercent,
}: {
  price: number
  salePrice: number | null | undefined
  market: 'medical' | 'recreational'
  salesTaxPercent: number | null | undefined
}) {
  const total = withTax(pricePaid(price, salePrice), market, salesTaxPercent)
  if (total === null) return null
  const rate = taxRatePercent(market, salesTaxPercent)!
  const what = market === 'recreational' ? 'adult-use excise and county sales tax' : 'county sales tax'
  return (
    <span className={styles.withTax} title={`Estimate: the menu's price plus ${+rate.toFixed(2)}% ${what}`}>
      ≈ {formatCost(total)} with tax
    </span>
  )
}

/** UnitPrice shows the published unit price ("$10.29/g", "$4.50/100 mg THC"), or says there is none. */
export function UnitPrice({ unitPrice, unit }: { unitPrice: number | null | undefined; unit: Unit | null | undefined }) {
  return <span className={styles.unitPrice}>{formatUnitPrice(unitPrice, unit)}</span>
}

/** Market names an offer's market ("Medical", "Adult use"). */
export function Market({ market }: { market: 'medical' | 'recreational' }) {
  return <span className={`${styles.market} ${market === 'medical' ? styles.medical : styles.recreational}`}>{MARKET_LABEL[market]}</span>
}

/** MenuAge shows how fresh the menu an offer comes from is, at view time: its freshness icon and its age. */
export function MenuAge({ lastUpdate, nowMs }: { lastUpdate: string | null; nowMs: number }) {
  const state = freshnessOf(lastUpdate, nowMs)
  return (
    <span className={styles.menuAge}>
      <StatusIcon state={state} />
      <span>menu {state === 'missing' && lastUpdate === null ? 'not read' : `updated ${formatAge(parseUpdateTime(lastUpdate), nowMs)}`}</span>
    </span>
  )
}

type ThcProps = { thc: number | null; unit: string | null; low?: number | null; labelled?: boolean }

/**
 * Thc shows a THC figure in its unit ("24.1% THC", an edible's "100 mg THC"), a range the menu
 * gave ("18–24.5% THC"), an edible's labelled dose ("100 mg THC, labelled"), or a dash when the
 * menu gave none.
 */
export function Thc({ thc, unit, low = null, labelled = false }: ThcProps) {
  if (thc === null)
    return (
      <span>
        <span aria-label="THC not given">–</span>
      </span>
    )
  const figure = low === null ? formatPotency(thc, unit) : `${low}–${formatPotency(thc, unit)}`
  return <span>{`${figure} THC${labelled ? ', labelled' : ''}`}</span>
}

/** ProductLink links a product's name to its page. */
export function ProductLink({ code, name }: { code: string; name: string }) {
  return (
    <Link className={styles.productLink} to={productHref(code)}>
      {name}
    </Link>
  )
}

/** OfferStore says where an offer is: the store (linking to its page), its city and, when known, how far. */
export type OfferStore = {
  slug: string
  name: string
  city: string
  /** distance in miles from the shopper's point, or null. */
  distance: number | null
  /** about marks a distance to the store's city centre rather than to the store. */
  about: boolean
  /** from names the shopper's point when it is not the search's own ("from Columbus"). */
  from?: string
  /** href is where the store's name links: its status card unless a screen gives another (its menu). */
  href?: string
}

/** StoreCell shows an offer's store. */
export function StoreCell({ store }: { store: OfferStore }) {
  return (
    <>
      <Link className={styles.storeLink} to={store.href ?? storeMenuHref(store.slug)}>
        {store.name}
      </Link>
      <span className={tables.sub}>
        {store.city}
        {store.distance !== null && `, ${store.about ? '≈' : ''}${formatMiles(store.distance)}${store.from ? ` from ${store.from}` : ''}`}
      </span>
    </>
  )
}
