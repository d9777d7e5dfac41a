/** Coordinates are a point on Earth in decimal degrees. */
export type Coordinates = { latitude: number; longitude: number }

const EARTH_RADIUS_MILES = 3958.8

const radians = (degrees: number) => (degrees * Math.PI) / 180

/**
 * distanceMiles is the great-circle (haversine) distance between two points,
 * in miles. Store coordinates are often only their city's centre, so a
 * straight-line distance is as precise as the data allows; road distance
 * would need a routing service the static site does not have.
 */
export function distanceMiles(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude)
  const dLng = radians(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** formatMiles shows a distance to one decimal under 10 miles, whole miles above: "3.2 mi", "27 mi". */
export function formatMiles(miles: number): string {
  return miles < 10 ? `${miles.toFixed(1)} mi` : `${Math.round(miles)} mi`
}
