import { useMemo, useState } from 'react'
import { formatLocaleDateTime } from '@/lib/format'
import type { Brands } from '../api/content-schemas'
import styles from './brands.module.css'

const CATEGORIES = ['Flower', 'Preroll', 'Vape', 'Extract', 'Edible'] as const

/** BrandsTable lists the brands on current menus with their product counts per category, searchable by name. */
export function BrandsTable({ data }: { data: Brands }) {
  const [filter, setFilter] = useState('')
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase()
    return data.brands.filter((b) => b.name.toLowerCase().includes(needle))
  }, [data, filter])
  if (data.brands.length === 0) return <p className="empty-state">No brands are on a current menu right now.</p>
  return (
    <>
      <p className={styles.meta}>
        {data.brands.length} brands, counted <time dateTime={data.generatedAt}>{formatLocaleDateTime(Date.parse(data.generatedAt))}</time>.
      </p>
      <label className={styles.filter}>
        Find a brand
        <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </label>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">Brands on current menus</caption>
          <thead>
            <tr>
              <th scope="col">Brand</th>
              <th scope="col">Products</th>
              <th scope="col">Dispensaries</th>
              {CATEGORIES.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((brand) => (
              <tr key={brand.name}>
                <th scope="row">{brand.name}</th>
                <td>{brand.products}</td>
                <td>{brand.dispensaries}</td>
                {CATEGORIES.map((c) => (
                  <td key={c}>{brand.categories[c] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 && <p>No brand matches “{filter}”.</p>}
    </>
  )
}
