import useSWR from 'swr'
import * as v from 'valibot'
import ohioUrl from '@/assets/geo/ohio.json?url'
import { fetchSiteFile } from '@/api/fetcher'

// GeoJSON is checked only as far as the map relies on it; Leaflet reads the rest.
const geometry = v.looseObject({ type: v.string(), coordinates: v.array(v.unknown()) })
const featureSchema = v.looseObject({ type: v.literal('Feature'), geometry })

export const ohioShapesSchema = v.looseObject({
  source: v.string(),
  outline: featureSchema,
  countyLines: featureSchema,
})
export type OhioShapes = v.InferOutput<typeof ohioShapesSchema>

/**
 * useOhioShapes loads Ohio's outline and county lines (src/assets/geo/ohio.json,
 * made by scripts/ohio-geo.mjs from us-atlas), the map's base layer that needs
 * no tile server. A hashed file of the site, so browsers cache it for good.
 */
export function useOhioShapes() {
  return useSWR(ohioUrl, async (url: string) => v.parse(ohioShapesSchema, await fetchSiteFile(url)), {
    revalidateOnFocus: false,
  })
}
