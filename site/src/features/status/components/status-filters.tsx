import { MARKET_CHOICES, MONITORED_CHOICES, SelectField, type Choice } from '@/components/select-field'
import type { StatusFilters } from '../lib/status-filter'
import styles from './dispensary-status.module.css'

const FRESHNESS_CHOICES: readonly Choice[] = [
  ['', 'Any'],
  ['current', 'Current'],
  ['stale', 'Stale'],
  ['missing', 'Missing'],
]
const LISTING_CHOICES: readonly Choice[] = [
  ['', 'Any'],
  ['licensed-no-menu', 'Licensed, no menu known'],
  ['not-listed', 'Not on the state’s list'],
]
const SORT_CHOICES: readonly Choice[] = [
  ['name', 'Name'],
  ['updated', 'Last update'],
]

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
      <SelectField label="Region" value={filters.region} choices={[['', 'All regions'], ...regions]} onChange={(v) => set('region', v)} />
      <SelectField label="Market" value={filters.market} choices={MARKET_CHOICES} onChange={(v) => set('market', v)} />
      <SelectField label="Monitored" value={filters.monitored} choices={MONITORED_CHOICES} onChange={(v) => set('monitored', v)} />
      <SelectField label="Freshest menu" value={filters.freshness} choices={FRESHNESS_CHOICES} onChange={(v) => set('freshness', v)} />
      <SelectField label="State’s list" value={filters.listing} choices={LISTING_CHOICES} onChange={(v) => set('listing', v)} />
      <SelectField label="Sort by" value={filters.sort} choices={SORT_CHOICES} onChange={(v) => set('sort', v)} />
    </form>
  )
}
