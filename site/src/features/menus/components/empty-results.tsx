import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { routes } from '@/config/routes'
import { STALE_UNDER_HOURS } from '@/lib/freshness'
import { describeSearch } from '../lib/menu-search'
import type { FilterResult } from '@/features/offers/lib/offer-search'
import { NO_FACETS } from '@/features/offers/lib/facets'
import { type DispensarySearchState, type SearchFilters } from '@/features/offers/lib/search-state'
import offers from '@/components/offers/offers.module.css'

const FILTER_NAMES: Record<keyof FilterResult['excluded'], [string, Partial<SearchFilters>]> = {
  facets: ['the filters with counts', NO_FACETS],
  openNow: ['“open now”', { openNow: false }],
  dealsOnly: ['“cheapest quarter by unit price, or on sale”', { dealsOnly: false }],
  staleExclude: ['“exclude stale menus”', { staleExclude: false }],
  searchText: ['the text', { searchText: '' }],
}

type Props = {
  result: FilterResult
  search: DispensarySearchState
  onFilters: (patch: Partial<SearchFilters>) => void
  onSearch: (patch: Partial<DispensarySearchState>) => void
}

/** EmptyResults says why a search found nothing (which filter hid how many offers, or no menu there lists the type) and widens it in one click. */
export function EmptyResults({ result, search, onFilters, onSearch }: Props) {
  const widen: ReactNode[] = []
  const button = (key: string, label: string, patch: Partial<DispensarySearchState>) => (
    <button key={key} type="button" className="button button--secondary" onClick={() => onSearch(patch)}>
      {label}
    </button>
  )
  const farther = Math.min(200, search.maxDistance * 2)
  if (search.searchType === 'distance' && search.maxDistance < 200)
    widen.push(button('far', `Search within ${farther} miles`, { maxDistance: farther }))
  if (search.searchType === 'region' && search.region) widen.push(button('ohio', 'Search all of Ohio', { region: '' }))
  if (!search.showMedical || !search.showRecreational)
    widen.push(button('both', 'Include both medical and adult-use menus', { showMedical: true, showRecreational: true }))
  const filtersUsed = (Object.keys(result.excluded) as (keyof FilterResult['excluded'])[]).filter((k) => (result.excluded[k] ?? 0) > 0)
  return (
    <div className="empty-state">
      {result.inScope === 0 ? (
        <p>
          No {search.productType.toLowerCase()} is in stock on a recent menu {describeSearch(search).replace(/^.*? on /, 'on ')}: either no store
          there lists this product type, or their menus are more than {STALE_UNDER_HOURS} hours old (see the{' '}
          <Link to={routes.dispensaryStatus.path}>dispensary status</Link> page).
        </p>
      ) : (
        <p>
          {result.inScope} offers match the search, but the filters hide them all:{' '}
          {filtersUsed.map((k) => `${FILTER_NAMES[k][0]} hid ${result.excluded[k]}`).join(', ')}.
        </p>
      )}
      <p>To see more:</p>
      <p className={offers.row}>
        {filtersUsed.map((k) => (
          <button key={k} type="button" className="button button--secondary" onClick={() => onFilters(FILTER_NAMES[k][1])}>
            Remove {FILTER_NAMES[k][0]}
          </button>
        ))}
        {widen}
        {result.inScope === 0 && <span>or try another product type.</span>}
      </p>
    </div>
  )
}
