import { describe, expect, it } from 'vitest'
import { distanceMiles, formatMiles } from './geo'

describe('distanceMiles', () => {
  it('measures Columbus to Cleveland as the great circle does (about 124 miles)', () => {
    // Columbus (39.9862, -82.9855) to Cleveland (41.4767, -81.6805): worked with the haversine formula, R = 3958.8 mi.
    expect(distanceMiles({ latitude: 39.9862, longitude: -82.9855 }, { latitude: 41.4767, longitude: -81.6805 })).toBeCloseTo(123.6, 1)
  })
  it('is zero from a point to itself and symmetric', () => {
    const a = { latitude: 41.0798, longitude: -81.5219 }
    const b = { latitude: 39.1, longitude: -84.5 }
    expect(distanceMiles(a, a)).toBe(0)
    expect(distanceMiles(a, b)).toBeCloseTo(distanceMiles(b, a), 10)
  })
  it('formats short distances to a tenth, long ones to a mile', () => {
    expect(formatMiles(3.24)).toBe('3.2 mi')
    expect(formatMiles(27.6)).toBe('28 mi')
  })
})
