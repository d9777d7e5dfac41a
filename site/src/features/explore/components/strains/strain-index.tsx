import { useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import { SelectField } from '@/components/select-field'
import { strainHref } from '@/config/paths'
import { STRAIN_TYPES, type StrainsIndex } from '@/features/explore/api/explore-schemas'
import { filterStrains, typeLabel, type TypeFilter } from '@/features/explore/lib/strains'
import styles from '../explore.module.css'
import tables from '@/components/data-table.module.css'
import { CURRENT_UNDER_HOURS, STALE_UNDER_HOURS } from '@/lib/freshness'

const PAGE_SIZE = 100

/** StrainIndex lists the strains seen on menus, searchable by name and filtered by type and stock, 100 at a time. */
export function StrainIndex({ strains }: { strains: StrainsIndex['strains'] }) {
  const [query, setQuery] = useState('')
  const [type, setType] = useState<TypeFilter>('')
  const [inStock, setInStock] = useState(false)
  const [shown, setShown] = useState(PAGE_SIZE)
  const matches = useMemo(() => filterStrains(strains, { query, type, inStock }), [strains, query, type, inStock])
  // A new search starts again from the first page.
  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v)
      setShown(PAGE_SIZE)
    }
  return (
    <>
      <form className={`field-stack ${styles.filters}`} role="search" aria-label="Find a strain" onSubmit={(e) => e.preventDefault()}>
        <label>
          <span>Strain name</span>
          <input type="search" value={query} onChange={(e) => change(setQuery)(e.target.value)} />
        </label>
        <SelectField
          label="Type"
          value={type}
          choices={[['', 'All types'], ...STRAIN_TYPES.map((t) => [t, typeLabel(t)] as const), ['unknown', 'Unknown']]}
          onChange={change(setType)}
        />
        <label className={styles.checkbox}>
          <span>
            <input type="checkbox" checked={inStock} onChange={(e) => change(setInStock)(e.target.checked)} /> In stock now
          </span>
        </label>
      </form>
      <p role="status">
        {matches.length === strains.length ? `${strains.length} strains` : `${matches.length} of ${strains.length} strains match`}
        {matches.length > shown && `, showing the first ${shown}`}
      </p>
      {matches.length > 0 && (
        <p className={styles.note}>
          Stores now: dispensaries with it in stock on a menu read in the last {CURRENT_UNDER_HOURS} hours, the count the homepage shows. Stores
          listed also counts menus read {CURRENT_UNDER_HOURS} to {STALE_UNDER_HOURS} hours ago, as a strain’s page and the Menus search list them.
        </p>
      )}
      {matches.length > 0 && (
        <div className={tables.wrap}>
          <table className={tables.table}>
            <caption className="visually-hidden">Strains</caption>
            <thead>
              <tr>
                <th scope="col">Strain</th>
                <th scope="col">Type</th>
                <th scope="col">Stores now</th>
                <th scope="col">Stores listed</th>
                <th scope="col">Products</th>
                <th scope="col">Lineage</th>
              </tr>
            </thead>
            <tbody>
              {matches.slice(0, shown).map((s) => (
                <tr key={s.slug}>
                  <th scope="row">
                    <Link to={strainHref(s.slug)}>{s.name}</Link>
                  </th>
                  <td>{typeLabel(s.type)}</td>
                  <td>{s.stores}</td>
                  <td>{s.storesListed}</td>
                  <td>{s.products}</td>
                  <td>{s.lineage ? 'Known' : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {matches.length > shown && (
        <p className={styles.more}>
          <button type="button" className="button" onClick={() => setShown(shown + PAGE_SIZE)}>
            Show {Math.min(PAGE_SIZE, matches.length - shown)} more
          </button>
        </p>
      )}
    </>
  )
}
