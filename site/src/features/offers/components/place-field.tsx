import { useId, useState } from 'react'
import { SelectField } from '@/components/select-field'
import { OHIO_CITIES, SIMPLEMAPS_CREDIT } from '../lib/ohio-cities'
import { CENSUS_ZCTA_CREDIT, findPlace, loadZipTable, zipIn, type FoundPlace } from '../lib/place'
import { DEFAULT_SEARCH_STATE, type DispensarySearchState } from '../lib/search-state'
import styles from './shop.module.css'

const DISTANCES = [5, 10, 25, 50, 100, 200]

type Props = { search: DispensarySearchState; onChange: (patch: Partial<DispensarySearchState>) => void }

/**
 * asPlaceSearch is a point and radius kept elsewhere (the Deals URL, the basket planner's
 * settings) as the distance search PlaceField reads; no point yet is no place.
 */
export function asPlaceSearch(point: FoundPlace | undefined, miles: number): DispensarySearchState {
  return point
    ? {
        ...DEFAULT_SEARCH_STATE,
        searchType: 'distance',
        coordinates: { latitude: point.latitude, longitude: point.longitude },
        place: point.place,
        maxDistance: miles,
      }
    : { ...DEFAULT_SEARCH_STATE, maxDistance: miles }
}

/**
 * PlaceField is a distance search's point and radius: a ZIP code, a city or an address typed
 * (or a city picked from the suggestions), or the device's location. Whatever is not found is
 * said plainly under the field, and the search keeps its point until a place is found.
 */
export function PlaceField({ search, onChange }: Props) {
  const id = useId()
  const [text, setText] = useState(search.place === 'your location' ? '' : search.place)
  const [shownPlace, setShownPlace] = useState(search.place)
  const [message, setMessage] = useState<string | null>(null)
  // The search's place changed elsewhere (back, forward, the device's location): show it.
  if (shownPlace !== search.place) {
    setShownPlace(search.place)
    setText(search.place === 'your location' ? '' : search.place)
  }

  const choose = (found: FoundPlace) => {
    setMessage(null)
    onChange({ searchType: 'distance', coordinates: { latitude: found.latitude, longitude: found.longitude }, place: found.place })
  }

  const find = async () => {
    let zips = null
    if (zipIn(text)) {
      setMessage('Looking up the ZIP code…')
      try {
        zips = await loadZipTable()
      } catch (error) {
        setMessage(`The ZIP code list could not be loaded (${error instanceof Error ? error.message : String(error)}): type a city instead.`)
        return
      }
    }
    const answer = findPlace(text, zips)
    if ('found' in answer) choose(answer.found)
    else setMessage(answer.problem)
  }

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setMessage('This browser cannot share its location: type a ZIP code or a city instead.')
      return
    }
    setMessage('Asking the browser for your location…')
    navigator.geolocation.getCurrentPosition(
      (position) => choose({ latitude: position.coords.latitude, longitude: position.coords.longitude, place: 'your location' }),
      (error) => setMessage(`Your location is not available (${error.message || 'permission denied'}): type a ZIP code or a city instead.`),
      { maximumAge: 600_000, timeout: 15_000 },
    )
  }

  return (
    <>
      <div className={`${styles.field} ${styles.placeField}`}>
        <label htmlFor={`${id}-near`}>Near (ZIP code, city or address)</label>
        <span className={styles.placeInput}>
          <input
            id={`${id}-near`}
            type="text"
            value={text}
            list={`${id}-cities`}
            autoComplete="off"
            aria-describedby={message ? `${id}-message` : undefined}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                void find()
              }
            }}
          />
          <button type="button" className="button button--secondary" onClick={() => void find()}>
            Find
          </button>
        </span>
        <datalist id={`${id}-cities`}>
          {OHIO_CITIES.map((c) => (
            <option key={c.city} value={c.city} />
          ))}
        </datalist>
      </div>
      <SelectField
        className={styles.field}
        label="Within"
        value={String(search.maxDistance)}
        choices={[...new Set([...DISTANCES, search.maxDistance])].sort((a, b) => a - b).map((d) => [String(d), `${d} miles`] as const)}
        onChange={(d) => onChange({ maxDistance: Number(d) })}
      />
      <div>
        <button type="button" className="button button--secondary" onClick={locate}>
          Use my location
        </button>
      </div>
      <p id={`${id}-message`} role="status" className={styles.wide}>
        {message ?? (search.place ? `Distances from ${search.place === 'your location' ? 'your location' : search.place}.` : '')}
      </p>
      <p className={`${styles.credit} ${styles.wide}`}>
        Distances are straight lines from the ZIP code's centre, the city centre or your location; many stores are placed at their city's centre.{' '}
        <a href={CENSUS_ZCTA_CREDIT.url}>{CENSUS_ZCTA_CREDIT.text}</a>; <a href={SIMPLEMAPS_CREDIT.url}>{SIMPLEMAPS_CREDIT.text}</a>.
      </p>
    </>
  )
}
