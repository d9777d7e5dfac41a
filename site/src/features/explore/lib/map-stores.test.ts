import { describe, expect, it } from 'vitest'
import type { DispensaryStatus } from '@/api/dispensary-status'
import { classifyTiles, parseUpdateTimes } from '@/lib/status-summary'
import { mapStores, nearestStores } from './map-stores'

const store = (name: string, lat: number, lng: number, coordinates: 'store' | 'city'): DispensaryStatus => ({
  name,
  location: 'Columbus',
  monitored: true,
  marketStatuses: [],
  lat,
  lng,
  coordinates,
})

describe('nearestStores', () => {
  it('measures to the position the label names, not to a marker moved off a shared point', () => {
    // Three stores at Columbus's centre (their markers spread around it) and one with its own position.
    const data = [
      store('A', 39.9612, -82.9988, 'city'),
      store('B', 39.9612, -82.9988, 'city'),
      store('C', 39.9612, -82.9988, 'city'),
      store('D', 39.9833, -82.9988, 'store'),
    ]
    const times = parseUpdateTimes(data)
    const stores = mapStores(data, times, classifyTiles(times, 0), { market: '', monitored: '', openNow: false }, 0)
    expect(stores.filter((s) => s.point.spread)).toHaveLength(3)
    const nearest = nearestStores(stores, { lat: 39.9612, lng: -82.9988 }, 4)
    // From the city centre itself: 0 miles to each store placed there, wherever its marker sits.
    expect(nearest.slice(0, 3).map((s) => [s.dispensary.name, s.miles])).toEqual([
      ['A', 0],
      ['B', 0],
      ['C', 0],
    ])
    expect(nearest[3]!.dispensary.name).toBe('D')
    expect(nearest[3]!.miles).toBeCloseTo(1.53, 1)
  })
})
