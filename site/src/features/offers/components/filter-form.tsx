import { memo } from 'react'
import { SelectField } from '@/components/select-field'
import { displayStore, effectiveSort, type DispensarySearchState, type SearchFilters, type SortKey } from '../lib/search-state'
import styles from './shop.module.css'

/** SORT_LABELS name each order and its two directions. */
export const SORT_LABELS: Record<SortKey, [string, string, string]> = {
  relevance: ['Best match', 'best first', 'worst first'],
  name: ['Name', 'A to Z', 'Z to A'],
  price: ['Price', 'lowest first', 'highest first'],
  unitPrice: ['Unit price', 'lowest first', 'highest first'],
  thcValue: ['Value by THC (price per 100 mg)', 'best value first', 'worst value first'],
  thc: ['THC', 'lowest first', 'highest first'],
  distance: ['Distance', 'nearest first', 'farthest first'],
  lastUpdate: ['Last update', 'oldest first', 'newest first'],
}

/** FormFilters are the filters FilterForm shows (the filters with counts are FacetForm's). */
export type FormFilters = Pick<SearchFilters, 'searchText' | 'dealsOnly' | 'staleExclude' | 'openNow' | 'sortBy' | 'sortByDirection'>

type Props = {
  search: DispensarySearchState
  filters: FormFilters
  /** onChange applies a change; replace (typing) replaces the history entry instead of adding one. */
  onChange: (patch: Partial<SearchFilters>, replace?: boolean) => void
}

/**
 * FilterForm searches, narrows and orders a Menus search's offers, and chooses how they
 * are shown (kept in this browser); the filters with counts are FacetForm's.
 */
export const FilterForm = memo(function FilterForm({ search, filters, onChange }: Props) {
  const display = displayStore.use()
  const byDistance = search.searchType === 'distance'
  const check = (key: 'dealsOnly' | 'staleExclude' | 'openNow', label: string) => (
    <label className={styles.check}>
      <input type="checkbox" checked={filters[key]} onChange={(e) => onChange({ [key]: e.target.checked })} />
      {label}
    </label>
  )
  return (
    <form className={`${styles.form} ${styles.paintApart}`} aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
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
        {check('dealsOnly', 'Cheapest quarter by unit price, or on sale')}
        {check('staleExclude', 'Exclude stale menus')}
        {check('openNow', 'Open now (stores with unknown hours listed apart)')}
      </fieldset>
      <SortFields filters={filters} onChange={onChange} byDistance={byDistance} />
      <fieldset>
        <legend>Display</legend>
        <label className={styles.check}>
          <input type="checkbox" checked={display.groupByStore} onChange={(e) => displayStore.set({ ...display, groupByStore: e.target.checked })} />
          Group by store
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={display.cardView} onChange={(e) => displayStore.set({ ...display, cardView: e.target.checked })} />
          Cards
        </label>
      </fieldset>
    </form>
  )
})

/**
 * SortFields choose the order: the sensible one for the search until another is
 * chosen (effectiveSort), best match only for a text search, distance only for a
 * distance search.
 */
export function SortFields({
  filters,
  onChange,
  byDistance,
}: {
  filters: Pick<SearchFilters, 'sortBy' | 'sortByDirection' | 'searchText'>
  onChange: (patch: Partial<Pick<SearchFilters, 'sortBy' | 'sortByDirection'>>) => void
  byDistance: boolean
}) {
  const sortBy = effectiveSort(byDistance ? { searchType: 'distance', coordinates: { latitude: 1, longitude: 1 } } : null, filters)
  const texted = filters.searchText.trim() !== ''
  return (
    <>
      <SelectField
        className={styles.field}
        label="Sort by"
        value={sortBy}
        choices={(Object.keys(SORT_LABELS) as SortKey[])
          .filter((key) => (key !== 'distance' || byDistance || sortBy === 'distance') && (key !== 'relevance' || texted))
          .map((key) => [key, SORT_LABELS[key][0]] as const)}
        onChange={(key) => onChange({ sortBy: key, sortByDirection: 'asc' })}
      />
      <SelectField
        className={styles.field}
        label="Order"
        value={filters.sortByDirection}
        choices={[
          ['asc', SORT_LABELS[sortBy][1]],
          ['desc', SORT_LABELS[sortBy][2]],
        ]}
        onChange={(sortByDirection) => onChange({ sortByDirection })}
      />
    </>
  )
}
