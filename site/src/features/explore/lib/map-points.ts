import type { DispensaryStatus } from '@/api/dispensary-status'
import type { Freshness } from '@/lib/freshness'
import { east, north, south, west } from '../../../../../data/ohio-bounds.json'

/**
 * MapStore is what the map shows of one dispensary: its freshest menu, whether it is a
 * store the state licenses that has no menu we read (a marker of its own), and, under
 * the "Open now" filter, whether its hours are unknown (kept in a group of its own).
 */
export type MapStore = {
  point: MapPoint
  dispensary: DispensaryStatus
  slug: string
  freshness: Freshness
  licensedNoMenu: boolean
  hoursUnknown: boolean
}

/** MapPoint is one dispensary placed on the map. */
export type MapPoint = {
  index: number
  lat: number
  lng: number
  /** spread is true when the point was moved off a position other stores share. */
  spread: boolean
}

// Ohio's one bounding box, shared with the registry and the scraper (data/ohio-bounds.json
// says where its numbers come from; named imports leave its prose out of the bundle);
// anything outside is a data error.
export const OHIO = { south, north, west, east }
// Stores sharing a point are set on a small circle around it, about 600 m
// across: far enough apart to click at street zoom, close enough to stay in town.
const SPREAD_DEGREES = 0.003

/** hasCoordinates says whether a dispensary has a usable position in Ohio. */
export function hasCoordinates(d: DispensaryStatus): d is DispensaryStatus & { lat: number; lng: number } {
  return (
    typeof d.lat === 'number' && typeof d.lng === 'number' && d.lat >= OHIO.south && d.lat <= OHIO.north && d.lng >= OHIO.west && d.lng <= OHIO.east
  )
}

/**
 * placeStores gives each dispensary (by index) with coordinates a point on the
 * map. Stores that share exact coordinates (a city centre, when the registry
 * has no street position) are spread evenly on a circle around it, in the
 * order given, so each marker can be clicked.
 */
export function placeStores(dispensaries: readonly DispensaryStatus[], indexes: readonly number[]): MapPoint[] {
  const groups = new Map<string, number[]>()
  for (const i of indexes) {
    const d = dispensaries[i]
    if (!d || !hasCoordinates(d)) continue
    const key = `${d.lat},${d.lng}`
    const group = groups.get(key)
    if (group) group.push(i)
    else groups.set(key, [i])
  }
  const points: MapPoint[] = []
  for (const group of groups.values()) {
    group.forEach((i, k) => {
      const d = dispensaries[i] as DispensaryStatus & { lat: number; lng: number }
      if (group.length === 1) {
        points.push({ index: i, lat: d.lat, lng: d.lng, spread: false })
        return
      }
      // Rings grow with the group so large cities stay readable.
      const radius = SPREAD_DEGREES * Math.max(1, Math.sqrt(group.length / 6))
      const angle = (2 * Math.PI * k) / group.length
      // A degree of longitude is shorter than one of latitude at Ohio's latitude (cos 40° ≈ 0.77).
      points.push({
        index: i,
        lat: d.lat + radius * Math.sin(angle),
        lng: d.lng + (radius * Math.cos(angle)) / Math.cos((d.lat * Math.PI) / 180),
        spread: true,
      })
    })
  }
  return points
}
