import useSWR from 'swr'
import * as z from 'zod/mini'
import ohioUrl from '@/assets/geo/ohio.json?url'
import { fetchSiteFile } from '@/api/fetcher'

// GeoJSON is checked only as far as the map relies on it; Leaflet reads the rest.
const geometry = z.looseObject({ type: z.string(), coordinates: z.array(z.unknown()) })
const featureSchema = z.looseObject({ type: z.literal('Feature'), geometry })

export const ohioShapesSchema = z.looseObject({
  source: z.string(),
  outline: featureSchema,
  countyLines: featureSchema,
})
export type OhioShapes = z.infer<typeof ohioShapesSchema>

/**
 * useOhioShapes loads Ohio's outline and county lines (src/assets/geo/ohio.json,
 * made by scripts/ohio-geo.mjs from us-atlas), the map's base layer that needs
 * no tile server. A hashed file of the site, so browsers cache it for good.
 */
export function useOhioShapes() {
  return useSWR(ohioUrl, async (url: string) => ohioShapesSchema.parse(await fetchSiteFile(url)), {
    revalidateOnFocus: false,
  })
}
