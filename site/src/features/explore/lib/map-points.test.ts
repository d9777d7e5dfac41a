import { describe, expect, it } from 'vitest'
import type { DispensaryStatus } from '@/api/dispensary-status'
import { distanceMiles } from '@/lib/geo'
import { hasCoordinates, placeStores } from './map-points'

const store = (name: string, lat?: number, lng?: number): DispensaryStatus => ({
  name,
  location: 'Columbus',
  monitored: true,
  marketStatuses: [],
  ...(lat !== undefined && lng !== undefined ? { lat, lng } : {}),
})

describe('placeStores', () => {
  it('keeps a store alone at its point where it is', () => {
    const points = placeStores([store('A', 41.08, -81.51)], [0])
    expect(points).toEqual([{ index: 0, lat: 41.08, lng: -81.51, spread: false }])
  })

  it('spreads stores that share a point, each at its own place near it', () => {
    const stores = [store('A', 39.96, -83), store('B', 39.96, -83), store('C', 39.96, -83), store('D', 41.08, -81.51)]
    const points = placeStores(stores, [0, 1, 2, 3])
    expect(points).toHaveLength(4)
    const shared = points.filter((p) => p.spread)
    expect(shared.map((p) => p.index)).toEqual([0, 1, 2])
    const keys = new Set(shared.map((p) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`))
    expect(keys.size).toBe(3)
    for (const p of shared) {
      const miles = distanceMiles({ latitude: p.lat, longitude: p.lng }, { latitude: 39.96, longitude: -83 })
      expect(miles).toBeGreaterThan(0.1)
      expect(miles).toBeLessThan(0.5)
    }
  })

  it('leaves out stores without coordinates or outside Ohio, and those not asked for', () => {
    const stores = [store('A'), store('B', 0, 0), store('C', 40.1, -82.9), store('D', 40.2, -82.8)]
    expect(placeStores(stores, [0, 1, 2]).map((p) => p.index)).toEqual([2])
    expect(hasCoordinates(stores[1]!)).toBe(false)
  })
})
