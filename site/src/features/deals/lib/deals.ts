import { distanceMiles, type Coordinates } from '@/lib/geo'
import { pricePaid } from '@/lib/unit-price'
import { REGIONS, type DealOffer, type DealsIndex } from '@/features/offers/api/shop-schemas'
import { OHIO_CITIES } from '@/features/offers/lib/ohio-cities'
import type { FoundPlace } from '@/features/offers/lib/place'
import { pointParams, type DispensarySearchState } from '@/features/offers/lib/search-state'
import { thcValue, type ThcValue } from '@/features/offers/lib/thc-value'
import { DEFAULT_MILES } from '@/features/offers/lib/default-distance'

export const DEAL_CATEGORIES = ['Flower', 'Preroll', 'Vape', 'Extract', 'Edible', 'Other'] as const
/** DEAL_SORTS are the Deals screen's orders: largest discount (the default), lowest unit price, best value by THC. */
export const DEAL_SORTS = ['discount', 'unitPrice', 'thcValue'] as const
export type DealSort = (typeof DEAL_SORTS)[number]
/** DEFAULT_WITHIN is the radius, in miles, of a search near a place until another is chosen: DEFAULT_MILES, as on Menus and in the planner. */
export const DEFAULT_WITHIN = DEFAULT_MILES

/** DEALS_PER_PAGE: deals on one page of the list; the pages reach the last deal. */
export const DEALS_PER_PAGE = 100

/** DealsQuery is the Deals screen's search, kept in its URL (each part empty for "any"). */
export type DealsQuery = {
  region: string
  /** near is the place the search is around (region is then ignored): a ZIP code's or a city's centre, or the device's location. */
  near: FoundPlace | undefined
  within: number
  category: string
  market: string
  sort: DealSort
  /** page is the page of the list shown, from 1 (the list may have fewer: the screen shows its last). */
  page: number
}

/** readDealsQuery reads the Deals screen's URL, ignoring values it does not know. */
export function readDealsQuery(params: URLSearchParams): DealsQuery {
  const known = (list: readonly string[], value: string | null) => (value !== null && list.includes(value) ? value : '')
  const within = Number(params.get('within'))
  return {
    region: known(REGIONS, params.get('region')),
    near: readPlace(params),
    within: Number.isFinite(within) && within >= 1 && within <= 1000 ? within : DEFAULT_WITHIN,
    category: known(DEAL_CATEGORIES, params.get('type')),
    market: known(['medical', 'recreational'], params.get('market')),
    sort: (known(DEAL_SORTS, params.get('sort')) || 'discount') as DealSort,
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  }
}

/**
 * readPlace reads the place of a Deals URL: near=<name>&lat=&lng= (a ZIP code, a city or the
 * device's location, as the place field found it), or near=<city> alone (links from before
 * the place field, when Near was a list of cities). None when neither is understood.
 */
function readPlace(params: URLSearchParams): FoundPlace | undefined {
  const name = (params.get('near') ?? '').trim().slice(0, 80)
  const coordinate = (key: string, limit: number) => {
    const text = params.get(key)
    const n = text === null || text.trim() === '' ? NaN : Number(text)
    return Number.isFinite(n) && Math.abs(n) <= limit ? n : null
  }
  const latitude = coordinate('lat', 90)
  const longitude = coordinate('lng', 180)
  if (latitude !== null && longitude !== null && !(latitude === 0 && longitude === 0))
    return { place: name || 'the point in the link', latitude, longitude }
  const city = OHIO_CITIES.find((c) => c.city === name)
  return city && { place: city.city, latitude: city.lat, longitude: city.lng }
}

/**
 * dealsParams is the Deals URL after a change: each key of patch set, or removed when its
 * value is ''. Another search starts at its first page, so any change but the page's drops it.
 */
export function dealsParams(params: URLSearchParams, patch: Readonly<Record<string, string>>): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const [key, value] of Object.entries(patch)) {
    if (value) next.set(key, value)
    else next.delete(key)
  }
  if (!('page' in patch)) next.delete('page')
  return next
}

/** placePatch turns a place field's change (a place found, a radius chosen) into a change of the Deals URL. */
export function placePatch(patch: Partial<Pick<DispensarySearchState, 'coordinates' | 'place' | 'maxDistance'>>): Record<string, string> {
  const out: Record<string, string> = {}
  if (patch.coordinates) Object.assign(out, pointParams(patch.coordinates), { near: patch.place ?? '' })
  if (patch.maxDistance !== undefined) out.within = patch.maxDistance === DEFAULT_WITHIN ? '' : String(patch.maxDistance)
  return out
}

/** NO_PLACE clears the place of a Deals URL: back to a region or all of Ohio. */
export const NO_PLACE: Readonly<Record<string, string>> = { near: '', lat: '', lng: '', within: '' }

/**
 * dealFiles names the regions' deal files (api/deals/<region>) a search reads: the
 * one region asked for, else (all of Ohio, or a distance search) every region with deals.
 */
export function dealFiles(index: DealsIndex, { region, near }: Pick<DealsQuery, 'region' | 'near'>): string[] {
  return index.regions.filter((r) => r.count > 0 && (near || !region || r.region === region)).map((r) => r.path.replace(/^\/?api\//, ''))
}

/** LocatedDeal is a deal with its store's distance from the shopper's point (null without one) and its price per 100 mg THC. */
export type LocatedDeal = DealOffer & { distance: number | null; perThc: ThcValue; id: string }

/**
 * dealsOfFiles are the deals of region files, each with its id: its region and place in its file.
 * A menu may list one product code twice, so store, market, code and size do not tell deals apart.
 */
export function dealsOfFiles(files: readonly { region: string; deals: readonly DealOffer[] }[]): (DealOffer & { id: string })[] {
  return files.flatMap((f) => f.deals.map((d, i) => ({ ...d, id: `${f.region}#${i}` })))
}

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

const per100mg = (d: LocatedDeal) => ('per100mg' in d.perThc ? d.perThc.per100mg : null)

/** byThcValue orders deals by price per 100 mg THC, those without one last; ties by discount, then store. */
function byThcValue(a: LocatedDeal, b: LocatedDeal): number {
  const x = per100mg(a)
  const y = per100mg(b)
  if (x === null || y === null) return x === y ? b.discount - a.discount || a.storeName.localeCompare(b.storeName) : x === null ? 1 : -1
  return x - y || b.discount - a.discount || a.storeName.localeCompare(b.storeName)
}

/**
 * selectDeals keeps the deals of the category, market and distance asked for and
 * orders them by discount against the 30-day low (publish's lowDiscount; the struck discount breaks ties), by unit price within each unit (UNIT_ORDER), or by price
 * per 100 mg THC (thc-value.ts; deals without one last); ties as publish breaks
 * them: the lower sale price, then the store's name.
 */
export function selectDeals(
  deals: readonly (DealOffer & { id?: string })[],
  { point, within, category, market, sort }: { point: Coordinates | null; within: number | null } & Pick<DealsQuery, 'category' | 'market' | 'sort'>,
): LocatedDeal[] {
  return deals
    .map((d, i) => ({
      ...d,
      id: d.id ?? String(i),
      distance: point ? distanceMiles(point, { latitude: d.lat, longitude: d.lng }) : null,
      perThc: thcValue({ ...d, paid: pricePaid(d.price, d.salePrice) }),
    }))
    .filter(
      (d) =>
        (!category || d.category === category) &&
        (!market || d.market === market) &&
        (within === null || (d.distance !== null && d.distance <= within)),
    )
    .sort((a, b) =>
      sort === 'thcValue'
        ? byThcValue(a, b)
        : sort === 'discount'
          ? (b.lowDiscount ?? 0) - (a.lowDiscount ?? 0) ||
            b.discount - a.discount ||
            a.salePrice - b.salePrice ||
            a.storeName.localeCompare(b.storeName)
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
