import type { ReactNode } from 'react'
import type { OpeningHours } from '@/lib/opening-hours'
import { pricePaid, type Unit } from '@/lib/unit-price'
import { OpenNow } from '../store-listing-lines'
import { Market, MenuAge, PricePaid, ProductLink, StoreCell, Thc, UnitPrice, WithTax, type OfferStore } from './offer-cells'
import { OrderLink } from './order-link'
import { Low90Note, SaleLowNote } from './sale-low-note'
import type { SaleLow } from '@/lib/sale-low'
import styles from './offers.module.css'
import tables from '../data-table.module.css'

/** OfferRow is one offer as every offer list shows it: what the product is, what it costs where, and how fresh that menu is. */
export type OfferRow = {
  /** key tells the rows apart (React's key). */
  key: string
  /** code is the product's code: its page. */
  code: string
  name: string
  /** detail is the line under the product's name (brand · strain, brand · category). */
  detail: string
  isNew?: boolean
  size: string
  price: number
  salePrice: number | null
  /** saleLow is, on sale, what the offer cost in the 30 days before the sale (SNAPSHOTS.md, Lows). */
  saleLow?: SaleLow | null
  /** low90 is the lowest price paid there in the last 90 days (product pages). */
  low90?: number | null
  /** discount is the share taken off the regular price (deals). */
  discount?: number
  unitPrice: number | null
  unit: Unit | null
  thc: number | null
  /** potencyUnit is the unit of thc: "%", or "mg" for most edibles. */
  potencyUnit: string | null
  /** thcLow is the bottom of a range whose top is thc ("18–24.5% THC"); null or absent for one figure. */
  thcLow?: number | null
  /** thcLabelled: thc is an edible's labelled dose, the menu gave no THC figure. */
  thcLabelled?: boolean
  market: 'medical' | 'recreational'
  store: OfferStore
  lastUpdate: string | null
  /** openingHours are the store's hours for the "open" column: null unknown, undefined not loaded (yet). */
  openingHours?: OpeningHours | null
  /** orderUrl is where to order it: the product's page on the store's own menu, else the menu's page; null when unknown. */
  orderUrl?: string | null
  /** salesTaxPercent is the store's county sales tax rate, for "≈ $X with tax": null unknown, undefined not loaded (yet). */
  salesTaxPercent?: number | null
  /** thcValue is the price per 100 mg THC as the row says it ("$4.55 per 100 mg THC", or why there is none), for a list sorted by it. */
  thcValue?: string
}

/** canOrder reports whether any row links to order: the "Order" column is shown, last, only then. */
const canOrder = (rows: readonly OfferRow[]) => rows.some((row) => row.orderUrl)

const orderCell = (o: OfferRow) => <OrderLink url={o.orderUrl} product={o.name} store={o.store.name} />

/** OfferColumn is a column an offer list may show. */
export type OfferColumn = 'product' | 'size' | 'price' | 'discount' | 'unitPrice' | 'thcValue' | 'thc' | 'market' | 'store' | 'open' | 'menu'

const COLUMNS: Record<OfferColumn, { heading: string; cell: (row: OfferRow, nowMs: number) => ReactNode }> = {
  product: {
    heading: 'Product',
    cell: (o) => (
      <>
        <ProductLink code={o.code} name={o.name} />
        {o.isNew && <span className={tables.sub}>New</span>}
        {o.detail && <span className={tables.sub}>{o.detail}</span>}
      </>
    ),
  },
  size: { heading: 'Size', cell: (o) => o.size || '–' },
  price: { heading: 'Price', cell: (o) => <PriceWithTax row={o} /> },
  discount: { heading: 'Off', cell: (o) => (o.discount === undefined ? '–' : `${Math.round(o.discount * 100)}% off`) },
  unitPrice: { heading: 'Unit price', cell: (o) => <UnitPrice unitPrice={o.unitPrice} unit={o.unit} /> },
  thcValue: { heading: 'Per 100 mg THC', cell: (o) => o.thcValue ?? '–' },
  thc: { heading: 'THC', cell: (o) => <Thc thc={o.thc} unit={o.potencyUnit} low={o.thcLow} labelled={o.thcLabelled} /> },
  market: { heading: 'Market', cell: (o) => <Market market={o.market} /> },
  store: { heading: 'Store', cell: (o) => <StoreCell store={o.store} /> },
  open: { heading: 'Open now?', cell: (o, nowMs) => <StoreOpen hours={o.openingHours} nowMs={nowMs} /> },
  menu: { heading: 'Menu', cell: (o, nowMs) => <MenuAge lastUpdate={o.lastUpdate} nowMs={nowMs} /> },
}

type Props<R extends OfferRow> = {
  rows: readonly R[]
  /** columns are the columns shown, in order. */
  columns: readonly OfferColumn[]
  /** nowMs is the time menu ages are counted to. */
  nowMs: number
  /** caption names the table for screen readers. */
  caption?: string
  /** action is a last column of controls per offer (the wishlist's button), its heading for screen readers. */
  action?: { heading: string; cell: (row: R) => ReactNode }
  /** marksFirst: the page's main list of offers, whose first row carries FIRST_OFFER_ID (one per page). */
  marksFirst?: boolean
}

/**
 * FIRST_OFFER_ID is the id of the first row of a page's main list of offers. A page rendered with
 * its offers holds its first paint until that row is parsed (scripts/prerender-html.mjs, a
 * <link rel="expect">), so the offers come with the page's text rather than a frame after it.
 */
export const FIRST_OFFER_ID = 'first-offer'

/**
 * OfferTable is every screen's list of offers (menus, deals, a product's stores, a
 * strain's offers): the columns asked for, each cell in the same words everywhere.
 * On a phone each row becomes a wrapped block (global.css, .offer-rows).
 */
export function OfferTable<R extends OfferRow>({ rows, columns, nowMs, caption, action, marksFirst = false }: Props<R>) {
  const order = canOrder(rows)
  return (
    <div className={tables.wrap}>
      <table className={`${tables.table} offer-rows`}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {COLUMNS[column].heading}
              </th>
            ))}
            {order && <th scope="col">Order</th>}
            {action && (
              <th scope="col">
                <span className="visually-hidden">{action.heading}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.key} id={marksFirst && i === 0 ? FIRST_OFFER_ID : undefined}>
              {columns.map((column) => (
                <td key={column}>{COLUMNS[column].cell(row, nowMs)}</td>
              ))}
              {order && <td>{orderCell(row)}</td>}
              {action && <td>{action.cell(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** StoreOpen is the "open" cell: open now or not at the offer's store, a dash while its hours are not loaded. */
function StoreOpen({ hours, nowMs }: { hours: OpeningHours | null | undefined; nowMs: number }) {
  if (hours !== undefined) return <OpenNow hours={hours} nowMs={nowMs} />
  return (
    <span>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">hours not loaded yet</span>
    </span>
  )
}

/** OfferCards shows offers as cards with the same facts and words as OfferTable (the store when showStore). */
export function OfferCards<R extends OfferRow>({ rows, nowMs, showStore, action }: Omit<Props<R>, 'columns' | 'caption'> & { showStore: boolean }) {
  const order = canOrder(rows)
  return (
    <ul className={styles.cards}>
      {rows.map((o) => (
        <li key={o.key} className={`card ${styles.offerCard}`}>
          <p>
            <ProductLink code={o.code} name={o.name} />
            {o.isNew && ' (new)'}
            {o.detail && <span className={tables.sub}>{o.detail}</span>}
          </p>
          <p className={styles.row}>
            <span>{o.size}</span>
            <PriceWithTax row={o} />
            <UnitPrice unitPrice={o.unitPrice} unit={o.unit} />
            {o.thcValue && <span>{o.thcValue}</span>}
            <Thc thc={o.thc} unit={o.potencyUnit} low={o.thcLow} labelled={o.thcLabelled} />
          </p>
          <p className={styles.row}>
            <Market market={o.market} />
            {showStore && (
              <span>
                <StoreCell store={o.store} />
              </span>
            )}
            {showStore && o.openingHours !== undefined && <StoreOpen hours={o.openingHours} nowMs={nowMs} />}
          </p>
          <p className={styles.row}>
            <MenuAge lastUpdate={o.lastUpdate} nowMs={nowMs} />
            {order && orderCell(o)}
            {action?.cell(o)}
          </p>
        </li>
      ))}
    </ul>
  )
}

/** PriceWithTax is the price paid and, under it, about what it comes to with tax at the offer's store. */
function PriceWithTax({ row }: { row: OfferRow }) {
  return (
    <span>
      <PricePaid price={row.price} salePrice={row.salePrice} />
      <WithTax price={row.price} salePrice={row.salePrice} market={row.market} salesTaxPercent={row.salesTaxPercent} />
      <SaleLowNote saleLow={row.salePrice === null ? null : row.saleLow} />
      <Low90Note low90={row.low90} paid={pricePaid(row.price, row.salePrice)} />
    </span>
  )
}
