import { REGIONS } from '../../api/shop-schemas'
import { DEAL_CATEGORIES, DEAL_DISTANCES, type DealsQuery } from '../../lib/deals'
import { OHIO_CITIES, SIMPLEMAPS_CREDIT } from '../../lib/ohio-cities'
import styles from '../shop.module.css'

/** DealsFilters are the Deals screen's region or city, distance, product type, market and order; set(key, value) changes the URL. */
export function DealsFilters({ query, set }: { query: DealsQuery; set: (key: string, value: string) => void }) {
  const { region, near, within, category, market, sort } = query
  return (
    <form className={styles.form} aria-label="Deals filters" onSubmit={(e) => e.preventDefault()}>
      <label className={styles.field}>
        Region
        <select value={near ? '' : region} disabled={Boolean(near)} onChange={(e) => set('region', e.target.value)}>
          <option value="">All of Ohio</option>
          {REGIONS.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Near
        <select value={near?.city ?? ''} onChange={(e) => set('near', e.target.value)}>
          <option value="">Anywhere</option>
          {OHIO_CITIES.map((c) => (
            <option key={c.city}>{c.city}</option>
          ))}
        </select>
      </label>
      {near && (
        <label className={styles.field}>
          Within
          <select value={within} onChange={(e) => set('within', e.target.value)}>
            {DEAL_DISTANCES.map((d) => (
              <option key={d} value={d}>
                {d} miles
              </option>
            ))}
          </select>
        </label>
      )}
      <label className={styles.field}>
        Product type
        <select value={category} onChange={(e) => set('type', e.target.value)}>
          <option value="">All</option>
          {DEAL_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Market
        <select value={market} onChange={(e) => set('market', e.target.value)}>
          <option value="">Medical and adult use</option>
          <option value="medical">Medical</option>
          <option value="recreational">Adult use</option>
        </select>
      </label>
      <label className={styles.field}>
        Sort by
        <select value={sort} onChange={(e) => set('sort', e.target.value === 'unitPrice' ? 'unitPrice' : '')}>
          <option value="discount">Largest discount</option>
          <option value="unitPrice">Lowest unit price</option>
        </select>
      </label>
      {near && (
        <p className={`${styles.credit} ${styles.wide}`}>
          Straight-line distances from the city centre. <a href={SIMPLEMAPS_CREDIT.url}>{SIMPLEMAPS_CREDIT.text}</a>.
        </p>
      )}
    </form>
  )
}
