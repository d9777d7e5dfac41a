import type { Offer } from '../../api/explore-schemas'
import { productHref, storeStatusHref } from '../../config/paths'
import { formatAge, formatCost } from '../../lib/format'
import { freshnessOf, parseUpdateTime } from '../../lib/freshness'
import { StatusIcon } from '../status-icon'
import styles from './explore.module.css'

const UNIT_LABEL = { g: '/g', '100mg': '/100 mg' } as const

/** OfferPrice shows the price paid, with the regular price struck through when on sale. */
export function OfferPrice({ price, salePrice }: { price: number; salePrice: number | null }) {
  if (salePrice === null || salePrice >= price) return <>{formatCost(price)}</>
  return (
    <>
      <span className={styles.sale}>{formatCost(salePrice)}</span>{' '}
      <s className={styles.regular}>
        <span className="visually-hidden">regular price </span>
        {formatCost(price)}
      </s>
    </>
  )
}

/** UnitPrice shows publish's unit price (per gram or per 100 mg THC), or a dash when the size is unknown. */
export function UnitPrice({ unitPrice, unit }: { unitPrice: number | null; unit: 'g' | '100mg' | null }) {
  if (unitPrice === null || unit === null) return <span aria-label="unknown">–</span>
  return (
    <>
      {formatCost(unitPrice)}
      {UNIT_LABEL[unit]}
    </>
  )
}

/**
 * OfferTable lists where a product or strain is in stock now: product, store,
 * market, size, price paid (regular struck when on sale), unit price and how
 * fresh that store's menu is at view time (a snapshot ages on the CDN).
 */
export function OfferTable({ offers, nowMs, caption }: { offers: readonly Offer[]; nowMs: number; caption: string }) {
  return (
    <div className={styles.scroll}>
      <table className={`${styles.table} offer-rows`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Store</th>
            <th scope="col">Market</th>
            <th scope="col">Size</th>
            <th scope="col">Price</th>
            <th scope="col">Unit price</th>
            <th scope="col">Menu updated</th>
          </tr>
        </thead>
        <tbody>
          {offers.map((o, i) => {
            const updated = parseUpdateTime(o.lastUpdate)
            return (
              <tr key={`${o.code ?? ''}|${o.slug}|${o.market}|${i}`}>
                <td>
                  {o.code ? <a href={productHref(o.code)}>{o.name ?? o.code}</a> : (o.name ?? '')}
                  {o.brand && <span className={styles.sub}>{o.brand}</span>}
                  {o.category && <span className={styles.sub}>{o.category}</span>}
                </td>
                <td>
                  <a href={storeStatusHref(o.slug)}>{o.storeName}</a>
                  {o.city && <span className={styles.sub}>{o.city}</span>}
                </td>
                <td>{o.market === 'medical' ? 'Medical' : 'Recreational'}</td>
                <td>{o.size || '–'}</td>
                <td>
                  <OfferPrice price={o.price} salePrice={o.salePrice} />
                </td>
                <td>
                  <UnitPrice unitPrice={o.unitPrice} unit={o.unit} />
                </td>
                <td>
                  <span className={styles.fresh}>
                    <StatusIcon state={freshnessOf(o.lastUpdate, nowMs)} />
                    {formatAge(updated, nowMs)}
                  </span>
                  {o.sample && <span className={styles.sub}>Sample data</span>}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
