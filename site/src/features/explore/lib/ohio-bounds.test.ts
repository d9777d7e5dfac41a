import { describe, expect, it } from 'vitest'
import type { DispensaryStatus } from '@/api/dispensary-status'
// The same positions the Go registry and scraper are tested against, so the map and
// the pipeline cannot disagree on what is in Ohio.
import shared from '../../../../../data/testdata/ohio-verdicts.json'
import { hasCoordinates } from './map-points'

const at = (lat: number, lng: number): DispensaryStatus => ({ name: 'S', location: 'Akron', monitored: true, marketStatuses: [], lat, lng })

describe("Ohio's bounding box against the shared verdicts", () => {
  it('has a usable verdict file', () => {
    expect(shared.cases.length).toBeGreaterThan(4)
  })

  it.each(shared.cases)('$name → in Ohio: $inOhio', ({ lat, lng, inOhio }) => {
    expect(hasCoordinates(at(lat, lng))).toBe(inOhio)
  })
})
