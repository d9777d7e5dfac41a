import { useMemo, useState } from 'react'
import { useBrands } from '../features/content/api/use-content'
import { PageTitle } from '../components/page-title'
import { SnapshotView } from '../components/snapshot-view'
import { formatLocaleDateTime } from '../lib/format'
import styles from './company-brands.module.css'

const CATEGORIES = ['Flower', 'Preroll', 'Vape', 'Extract', 'Edible'] as const

/** CompanyBrandsRoute (/company-brands): the brands seen on current menus, with their product counts (api/brands). */
export default function CompanyBrandsRoute() {
  const response = useBrands()
  const [filter, setFilter] = useState('')
  const brands = response.data?.brands
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase()
    return (brands ?? []).filter((b) => b.name.toLowerCase().includes(needle))
  }, [brands, filter])
  return (
    <>
      <PageTitle screen="Company Brands" />
      <h1>Company Brands</h1>
      <p className="lead">
        The brands on the dispensary menus we read that are up to date (under 16 hours old), with how many distinct products of each are in stock and
        at how many dispensaries.
      </p>
      <SnapshotView response={response} what="brands">
        {(data) =>
          data.brands.length === 0 ? (
            <p className="empty-state">No brands are on a current menu right now.</p>
          ) : (
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
      </SnapshotView>
    </>
  )
}
