import type { Market } from '@/api/common-schemas'
import type { DispensaryStatus } from '@/api/dispensary-status'
import { licensedWithoutMenu } from '@/api/store-listing'
import { openGroupOf } from '@/lib/opening-hours'
import { distanceMiles } from '@/lib/geo'
import { dispensarySlug, storeFacts, type TileStates, type UpdateTimes } from '@/lib/status-summary'
import { placeStores, type MapStore } from './map-points'

/** MapFilters are the map's market and monitored filters ('' for any) and "Open now". */
export type MapFilters = { market: Market | ''; monitored: 'yes' | 'no' | ''; openNow: boolean }

/**
 * mapStores places the dispensaries the filters keep on the map, each marked by its
 * freshest menu (in the market chosen). "Open now" (at nowMs, on Ohio's clock) leaves
 * out the stores that are closed and keeps those whose hours are unknown, marked so.
 */
export function mapStores(
  data: readonly DispensaryStatus[],
  times: UpdateTimes,
  states: TileStates,
  { market, monitored, openNow }: MapFilters,
  nowMs: number,
): MapStore[] {
  const facts = storeFacts(data, times, states, market)
  const groups = data.map((d) => (openNow ? openGroupOf(d.openingHours, nowMs) : 'open'))
  const shown = data.flatMap((d, i) =>
    (market && !d.marketStatuses.some((s) => s.market === market)) || (monitored && d.monitored !== (monitored === 'yes')) || groups[i] === 'closed'
      ? []
      : [i],
  )
  return placeStores(data, shown).map((point) => {
    const dispensary = data[point.index]!
    return {
      point,
      dispensary,
      slug: dispensarySlug(dispensary),
      freshness: facts[point.index]?.best ?? 'missing',
      licensedNoMenu: licensedWithoutMenu(dispensary),
      hoursUnknown: groups[point.index] === 'unknown',
    }
  })
}

/**
 * nearestStores are the count stores nearest to here, with their distance in miles: to the
 * dispensary's published position (its own, or its city's centre when `coordinates` is "city"),
 * never to the marker, which placeStores may have moved off a position other stores share.
 */
export function nearestStores(stores: readonly MapStore[], here: { lat: number; lng: number }, count: number) {
  const from = { latitude: here.lat, longitude: here.lng }
  return stores
    .map((s) => {
      // mapStores only places stores with coordinates, so the dispensary's own are there.
      const to = { latitude: s.dispensary.lat ?? s.point.lat, longitude: s.dispensary.lng ?? s.point.lng }
      return { ...s, miles: distanceMiles(from, to) }
    })
    .sort((a, b) => a.miles - b.miles)
    .slice(0, count)
}
