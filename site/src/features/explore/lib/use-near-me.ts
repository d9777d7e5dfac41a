import { useState } from 'react'

/** NearMe is the state of the map's "Near me": not asked, asking, found, or failed with a message. */
export type NearMe = { state: 'idle' } | { state: 'asking' } | { state: 'found'; lat: number; lng: number } | { state: 'failed'; message: string }

/** useNearMe asks the browser for the visitor's position when locate() is called (never before), and says why it failed. */
export function useNearMe(): [NearMe, () => void] {
  const [nearMe, setNearMe] = useState<NearMe>({ state: 'idle' })
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setNearMe({ state: 'failed', message: 'This browser cannot tell the map where you are.' })
      return
    }
    setNearMe({ state: 'asking' })
    navigator.geolocation.getCurrentPosition(
      (position) => setNearMe({ state: 'found', lat: position.coords.latitude, lng: position.coords.longitude }),
      (problem) =>
        setNearMe({
          state: 'failed',
          message:
            problem.code === problem.PERMISSION_DENIED
              ? 'Location is blocked for this site, so the map cannot centre on you. Allow it in the browser’s site settings to use “Near me”.'
              : 'Your location could not be found just now. Try again in a moment.',
        }),
      { maximumAge: 600_000, timeout: 15_000 },
    )
  }
  return [nearMe, locate]
}
