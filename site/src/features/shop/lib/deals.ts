import { distanceMiles, type Coordinates } from '../../../lib/geo'
import { REGIONS, type DealOffer, type DealsIndex } from '../api/shop-schemas'
import { OHIO_CITIES, type OhioCity } from './ohio-cities'

export const DEAL_CATEGORIES = ['Flower', 'Preroll', 'Vape', 'Extract', 'Edible', 'Other'] as const
export const DEAL_DISTANCES = [10, 25, 50, 100]
/** DEALS_PER_PAGE: deals on one page of the list; the pages reach the last deal. */
export const DEALS_PER_PAGE = 100

/** DealsQuery is the Deals screen's search, kept in its URL (each part empty for "any"). */
export type DealsQuery = {
  region: string
  /** near is the city the search is around (region is then ignored). */
  near: OhioCity | undefined
  within: number
  category: string
  market: string
  sort: 'discount' | 'unitPrice'
  /** page is the page of the list shown, from 1 (the list may have fewer: the screen shows its last). */
  page: number
}

/** readDealsQuery reads the Deals screen's URL, ignoring values it does not know. */
export function readDealsQuery(params: URLSearchParams): DealsQuery {
  const known = (list: readonly string[], value: string | null) => (value !== null && list.includes(value) ? value : '')
  return {
    region: known(REGIONS, params.get('region')),
    near: OHIO_CITIES.find((c) => c.city === params.get('near')),
    within: Number(params.get('within')) || 25,
    category: known(DEAL_CATEGORIES, params.get('type')),
    market: known(['medical', 'recreational'], params.get('market')),
    sort: params.get('sort') === 'unitPrice' ? 'unitPrice' : 'discount',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  }
}

/**
 * dealFiles names the regions' deal files (api/deals/<region>) a search reads: the
 * one region asked for, else (all of Ohio, or a distance search) every region with deals.
 */
export function dealFiles(index: DealsIndex, { region, near }: Pick<DealsQuery, 'region' | 'near'>): string[] {
  return index.regions.filter((r) => r.count > 0 && (near || !region || r.region === region)).map((r) => r.path.replace(/^\/?api\//, ''))
}

/** LocatedDeal is a deal with its store's distance from the shopper's point (null without one). */
export type LocatedDeal = DealOffer & { distance: number | null }

/**
 * UNIT_ORDER is the order of the unit-price groups: a price per gram and a price per 100 mg THC
 * measure different things, so a unit-price sort never interleaves them. Per gram first (flower,
 * vapes, extracts: most deals), then per 100 mg THC (edibles), then deals with no unit price.
 */
const UNIT_ORDER = { g: 0, '100mg': 1, none: 2 } as const

/** unitGroupOf is the unit-price group of a deal. */
export const unitGroupOf = (d: Pick<DealOffer, 'unit' | 'unitPrice'>): keyof typeof UNIT_ORDER =>
  d.unitPrice === null || d.unit === null ? 'none' : d.unit

/** unitGroupCounts counts the deals of each unit-price group, for the screen to say how the sort groups them. */
export function unitGroupCounts(deals: readonly Pick<DealOffer, 'unit' | 'unitPrice'>[]): Record<keyof typeof UNIT_ORDER, number> {
  const counts = { g: 0, '100mg': 0, none: 0 }
  for (const d of deals) counts[unitGroupOf(d)]++
  return counts
}

/**
 * selectDeals keeps the deals of the category, market and distance asked for and
 * orders them by discount, or by unit price within each unit (UNIT_ORDER); ties as
 * publish breaks them: the lower sale price, then the store's name.
 */
export function selectDeals(
  deals: readonly DealOffer[],
  { point, within, category, market, sort }: { point: Coordinates | null; within: number | null } & Pick<DealsQuery, 'category' | 'market' | 'sort'>,
): LocatedDeal[] {
  return deals
    .map((d) => ({ ...d, distance: point ? distanceMiles(point, { latitude: d.lat, longitude: d.lng }) : null }))
    .filter(
      (d) =>
        (!category || d.category === category) &&
        (!market || d.market === market) &&
        (within === null || (d.distance !== null && d.distance <= within)),
    )
    .sort((a, b) =>
      sort === 'discount'
        ? b.discount - a.discount || a.salePrice - b.salePrice || a.storeName.localeCompare(b.storeName)
        : UNIT_ORDER[unitGroupOf(a)] - UNIT_ORDER[unitGroupOf(b)] ||
          (a.unitPrice ?? 0) - (b.unitPrice ?? 0) ||
          b.discount - a.discount ||
          a.storeName.localeCompare(b.storeName),
    )
}

/** DealsPage is one page of the list: its deals, its number (the last page when asked past it) and how many pages there are. */
export type DealsPage<T> = { rows: T[]; page: number; pages: number; first: number }

/** pageOfDeals cuts page `page` (from 1) of DEALS_PER_PAGE out of the ordered deals; a page past the end shows the last. */
export function pageOfDeals<T>(deals: readonly T[], page: number): DealsPage<T> {
  const pages = Math.max(1, Math.ceil(deals.length / DEALS_PER_PAGE))
  const shown = Math.min(Math.max(1, page), pages)
  const first = (shown - 1) * DEALS_PER_PAGE
  return { rows: deals.slice(first, first + DEALS_PER_PAGE), page: shown, pages, first }
}
