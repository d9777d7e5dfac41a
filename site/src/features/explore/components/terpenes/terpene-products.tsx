import { Link } from 'react-router-dom'
import { SampleNotice } from '@/components/sample-notice'
import { productHref } from '@/config/paths'
import { formatCost } from '@/lib/format'
import type { Terpene } from '@/features/explore/api/explore-schemas'
import { amountText } from '@/features/explore/lib/terpenes'
import styles from '../explore.module.css'
import tables from '@/components/data-table.module.css'

/** TerpeneProducts lists the products in stock whose menus list a terpene, strongest first, with the lowest price paid. */
export function TerpeneProducts({ terpene }: { terpene: Terpene }) {
  if (terpene.products.length === 0) return <p className="empty-state">No product in stock lists {terpene.name} on its menu right now.</p>
  return (
    <>
      <SampleNotice sample={terpene.sample} />
      <div className={tables.wrap}>
        <table className={tables.table}>
          <caption className="visually-hidden">Products listing {terpene.name}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Category</th>
              <th scope="col">Strain</th>
              <th scope="col">{terpene.name}</th>
              <th scope="col">Stores</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {terpene.products.map((p) => (
              <tr key={p.code}>
                <td>
                  <Link to={productHref(p.code)}>{p.name}</Link>
                  {p.brand && <span className={tables.sub}>{p.brand}</span>}
                </td>
                <td>{p.category}</td>
                <td>{p.strain || '–'}</td>
                <td>{amountText(p)}</td>
                <td>{p.stores}</td>
                <td>{formatCost(p.minPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.credit}>
        “From” is the lowest price paid at any store; open a product for sizes, unit prices, markets and how fresh each menu is.
      </p>
    </>
  )
}
