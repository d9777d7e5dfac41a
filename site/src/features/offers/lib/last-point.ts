import { createLocalStore } from '@/lib/local-store'

/** LastPoint is the point of the last distance search, so other screens can show distances too. */
export type LastPoint = { latitude: number; longitude: number; place: string }

/** lastPointStore keeps the last distance search's point in this browser. */
export const lastPointStore = createLocalStore<LastPoint | null>(
  'omc-last-point',
  (stored) => {
    if (typeof stored !== 'object' || stored === null) return null
    const { latitude, longitude, place } = stored as Record<string, unknown>
    if (typeof latitude !== 'number' || typeof longitude !== 'number' || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null
    return { latitude, longitude, place: typeof place === 'string' ? place.slice(0, 80) : '' }
  },
  null,
)
