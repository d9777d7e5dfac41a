import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { REGIONS } from '../features/offers/api/shop-schemas'
import { OHIO_CITIES } from '../features/offers/lib/ohio-cities'

// The site keeps its own copies of two place tables the Go side embeds (data/places.go):
// the city coordinates of the Menus city picker and the regions of the search and
// Deals filters. These tests read the files Go reads, so an edit to either fails here
// until the site's copy follows.
const SOURCES = path.resolve(__dirname, '../../../data/sources')

/** cityRows reads ohio-city-coordinates.csv: city, county, latitude, longitude, source (no quoted fields). */
function cityRows(): { city: string; county: string; lat: number; lng: number }[] {
  const [header, ...lines] = readFileSync(path.join(SOURCES, 'ohio-city-coordinates.csv'), 'utf8').trimEnd().split(/\r?\n/)
  expect(header).toBe('city,county,latitude,longitude,source')
  return lines.map((line, i) => {
    const fields = line.split(',')
    expect(fields, `ohio-city-coordinates.csv row ${i + 2}`).toHaveLength(5)
    const [city, county, lat, lng] = fields as [string, string, string, string]
    return { city, county, lat: Number(lat), lng: Number(lng) }
  })
}

describe('the site’s place tables follow data/sources', () => {
  it('lists every city of ohio-city-coordinates.csv, in its order, with its county and coordinates', () => {
    const rows = cityRows()
    expect(rows.length).toBeGreaterThan(50)
    expect(OHIO_CITIES).toEqual(rows)
  })

  it('lists the regions of ohio-regions.md, in its order (the order of data.Regions and every snapshot)', () => {
    const markdown = readFileSync(path.join(SOURCES, 'ohio-regions.md'), 'utf8')
    const headings = [...markdown.matchAll(/^## (\w+) \(\d+\)$/gm)].map((m) => m[1])
    expect(headings).toHaveLength(5)
    expect(REGIONS).toEqual(headings)
  })
})
