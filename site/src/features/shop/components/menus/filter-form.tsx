import { SelectField } from '../../../../components/select-field'
import { displayStore, type DispensarySearchState, type SearchFilters, type SortKey } from '../../lib/search-state'
import styles from '../shop.module.css'

const SORT_LABELS: Record<SortKey, [string, string, string]> = {
  name: ['Name', 'A to Z', 'Z to A'],
  price: ['Price', 'lowest first', 'highest first'],
  unitPrice: ['Unit price', 'lowest first', 'highest first'],
  thc: ['THC', 'lowest first', 'highest first'],
  distance: ['Distance', 'nearest first', 'farthest first'],
  lastUpdate: ['Last update', 'oldest first', 'newest first'],
}

type Props = {
  search: DispensarySearchState
  filters: SearchFilters
  /** onChange applies a change; replace (typing) replaces the history entry instead of adding one. */
  onChange: (patch: Partial<SearchFilters>, replace?: boolean) => void
}

/** FilterForm narrows and orders a Menus search's offers, and chooses how they are shown (kept in this browser). */
export function FilterForm({ search, filters, onChange }: Props) {
  const display = displayStore.use()
  const byDistance = search.searchType === 'distance'
  const check = (key: 'newOnly' | 'saleOnly' | 'dealsOnly' | 'staleExclude' | 'openNow', label: string) => (
    <label className={styles.check}>
      <input type="checkbox" checked={filters[key]} onChange={(e) => onChange({ [key]: e.target.checked })} />
      {label}
    </label>
  )
  return (
    <form className={styles.form} aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      <label className={`${styles.field} ${styles.wide}`}>
        Brand, product or strain
        <input
          type="search"
          value={filters.searchText}
          placeholder="e.g. Wedding Cake"
          onChange={(e) => onChange({ searchText: e.target.value }, true)}
        />
      </label>
      <fieldset>
        <legend>Show only</legend>
        {check('newOnly', 'New this week')}
        {check('saleOnly', 'On sale')}
        {check('dealsOnly', 'Deals (on sale or cheapest quarter per unit)')}
        {check('staleExclude', 'Exclude stale menus')}
        {check('openNow', 'Open now (stores with unknown hours listed apart)')}
      </fieldset>
      <SelectField
        className={styles.field}
        label="Sort by"
        value={filters.sortBy}
        choices={(Object.keys(SORT_LABELS) as SortKey[])
          .filter((key) => key !== 'distance' || byDistance || filters.sortBy === 'distance')
          .map((key) => [key, SORT_LABELS[key][0]] as const)}
        onChange={(sortBy) => onChange({ sortBy })}
      />
      <SelectField
        className={styles.field}
        label="Order"
        value={filters.sortByDirection}
        choices={[
          ['asc', SORT_LABELS[filters.sortBy][1]],
          ['desc', SORT_LABELS[filters.sortBy][2]],
        ]}
        onChange={(sortByDirection) => onChange({ sortByDirection })}
      />
      {byDistance && (
        <label className={styles.field}>
          Hide offers farther than (miles)
          <input
            type="number"
            min={0}
            max={1000}
            value={filters.distance}
            onChange={(e) => onChange({ distance: Math.max(0, Math.min(1000, Number(e.target.value) || 0)) }, true)}
          />
        </label>
      )}
      <fieldset>
        <legend>Display</legend>
        <label className={styles.check}>
          <input type="checkbox" checked={display.oneList} onChange={(e) => displayStore.set({ ...display, oneList: e.target.checked })} />
          One list (not grouped by store)
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={display.cardView} onChange={(e) => displayStore.set({ ...display, cardView: e.target.checked })} />
          Cards
        </label>
      </fieldset>
    </form>
  )
}
