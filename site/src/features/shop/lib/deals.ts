import { distanceMiles, type Coordinates } from '../../../lib/geo'
import { REGIONS, type DealOffer } from '../api/shop-schemas'
import { OHIO_CITIES, type OhioCity } from './ohio-cities'

export const DEAL_CATEGORIES = ['Flower', 'Preroll', 'Vape', 'Extract', 'Edible', 'Other'] as const
export const DEAL_DISTANCES = [10, 25, 50, 100]

/** DealsQuery is the Deals screen's search, kept in its URL (each part empty for "any"). */
export type DealsQuery = {
  region: string
  /** near is the city the search is around (region is then ignored). */
  near: OhioCity | undefined
  within: number
  category: string
  market: string
  sort: 'discount' | 'unitPrice'
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
  }
}

/** LocatedDeal is a deal with its store's distance from the shopper's point (null without one). */
export type LocatedDeal = DealOffer & { distance: number | null }

/**
 * selectDeals keeps the deals of the category, market and distance asked for and
 * orders them by discount or by unit price; ties as publish breaks them: the
 * lower sale price, then the store's name.
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
        : (a.unitPrice ?? Infinity) - (b.unitPrice ?? Infinity) || b.discount - a.discount || a.storeName.localeCompare(b.storeName),
    )
}
