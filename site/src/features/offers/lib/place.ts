import type { Coordinates } from '@/lib/geo'
import { OHIO_CITIES } from './ohio-cities'

// A shopper's place for a distance search, from what they type: a ZIP code, a city or an
// address. ZIP codes come from the Census Bureau's ZCTA centres (src/assets/geo/ohio-zips.json,
// src/assets/geo/PROVENANCE.md), a chunk of its own fetched only when the text has a ZIP in it;
// cities from the same 81-city list the picker had (ohio-cities.ts).

/** ZipTable maps an Ohio ZIP code to its ZCTA's centre, [latitude, longitude]. */
export type ZipTable = Readonly<Record<string, readonly [number, number]>>

/** FoundPlace is a point found for a search, with the words that name it ("ZIP 43215", "Columbus"). */
export type FoundPlace = Coordinates & { place: string }

/** PlaceAnswer is a place found, or what was wrong with the text, in words for the shopper. */
export type PlaceAnswer = { found: FoundPlace } | { problem: string }

/** CENSUS_ZCTA_CREDIT credits the ZIP table's source beside the place field. */
export const CENSUS_ZCTA_CREDIT = {
  text: 'ZIP code centres: U.S. Census Bureau ZCTA Gazetteer',
  url: 'https://www.census.gov/geographies/reference-files/time-series/geo/gazetteer-files.html',
}

// Ohio's ZIP codes: the Postal Service gives the state 430xx to 459xx.
const OHIO_FIRST = 43001
const OHIO_LAST = 45999

/**
 * zipIn finds the ZIP code in a text: a 5-digit number (ZIP+4 allowed), the last one when there
 * are several, since an address ends with its ZIP and may start with a 5-digit house number.
 */
export function zipIn(text: string): string | null {
  const all = [...text.matchAll(/(?<![\d-])(\d{5})(?:-\d{4})?(?!\d)/g)]
  return all.at(-1)?.[1] ?? null
}

const normalize = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

// Longest first, so "Cleveland Heights" wins over "Cleveland".
const CITIES_BY_LENGTH = [...OHIO_CITIES].sort((a, b) => b.city.length - a.city.length)

/** cityIn finds a city of the list in a text ("Columbus", "12 Main St, Dublin, OH"), or null. */
export function cityIn(text: string) {
  const words = ` ${normalize(text)} `
  return CITIES_BY_LENGTH.find((c) => words.includes(` ${normalize(c.city)} `)) ?? null
}

/**
 * findPlace answers a place field's text: a ZIP code in it wins (with zips, the Ohio ZIP table,
 * which the caller loads only when zipIn finds one), then a city named in it. Anything else is a
 * problem said plainly.
 */
export function findPlace(text: string, zips: ZipTable | null): PlaceAnswer {
  const typed = text.trim()
  if (!typed) return { problem: 'Type a ZIP code, a city or an address.' }
  const zip = zipIn(typed)
  if (zip) {
    const n = Number(zip)
    if (n < OHIO_FIRST || n > OHIO_LAST) return { problem: `ZIP code ${zip} is not in Ohio: Ohio's ZIP codes run from 43001 to 45999.` }
    const centre = zips?.[zip]
    if (!centre)
      return {
        problem: `ZIP code ${zip} is not in the Census Bureau's list of Ohio ZIP areas (post-office-box and single-building ZIPs have none): try a nearby ZIP code or the city.`,
      }
    return { found: { latitude: centre[0], longitude: centre[1], place: `ZIP ${zip}` } }
  }
  const city = cityIn(typed)
  if (city) return { found: { latitude: city.lat, longitude: city.lng, place: city.city } }
  return { problem: `No Ohio ZIP code or city found in “${typed}”: type a 5-digit ZIP code (like 43215) or a city from the list.` }
}

/** loadZipTable fetches the Ohio ZIP table: its own chunk, downloaded the first time a ZIP is looked up. */
export async function loadZipTable(): Promise<ZipTable> {
  const table = await import('@/assets/geo/ohio-zips.json')
  return table.zips as unknown as ZipTable
}
