import type { StatusFilters } from '../lib/status-filter'
import styles from './dispensary-status.module.css'

export type StatusFiltersFormProps = {
  filters: StatusFilters
  regions: readonly string[]
  onChange: (next: StatusFilters) => void
}

/** StatusFiltersForm is the status page's search box, filters and sort; every change applies at once. */
export function StatusFiltersForm({ filters, regions, onChange }: StatusFiltersFormProps) {
  const set = <K extends keyof StatusFilters>(key: K, value: StatusFilters[K]) => onChange({ ...filters, [key]: value })
  return (
    <form className={`card field-stack ${styles.filters}`} role="search" aria-label="Find a dispensary" onSubmit={(e) => e.preventDefault()}>
      <label className={styles.searchField}>
        <span>Name or city</span>
        <input type="search" value={filters.query} placeholder="e.g. Columbus" autoComplete="off" onChange={(e) => set('query', e.target.value)} />
      </label>
      <label>
        <span>Region</span>
        <select value={filters.region} onChange={(e) => set('region', e.target.value)}>
          <option value="">All regions</option>
          {regions.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Market</span>
        <select value={filters.market} onChange={(e) => set('market', e.target.value as StatusFilters['market'])}>
          <option value="">Both markets</option>
          <option value="recreational">Recreational</option>
          <option value="medical">Medical</option>
        </select>
      </label>
      <label>
        <span>Monitored</span>
        <select value={filters.monitored} onChange={(e) => set('monitored', e.target.value as StatusFilters['monitored'])}>
          <option value="">All</option>
          <option value="yes">Monitored</option>
          <option value="no">Not Monitored</option>
        </select>
      </label>
      <label>
        <span>Freshest menu</span>
        <select value={filters.freshness} onChange={(e) => set('freshness', e.target.value as StatusFilters['freshness'])}>
          <option value="">Any</option>
          <option value="current">Current</option>
          <option value="stale">Stale</option>
          <option value="missing">Missing</option>
        </select>
      </label>
      <label>
        <span>Sort by</span>
        <select value={filters.sort} onChange={(e) => set('sort', e.target.value as StatusFilters['sort'])}>
          <option value="name">Name</option>
          <option value="updated">Last update</option>
        </select>
      </label>
    </form>
  )
}
