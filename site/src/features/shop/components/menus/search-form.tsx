import { useState } from 'react'
import { CATEGORIES } from '../../../../api/common-schemas'
import { SelectField } from '../../../../components/select-field'
import { REGIONS } from '../../api/shop-schemas'
import { OHIO_CITIES, SIMPLEMAPS_CREDIT } from '../../lib/ohio-cities'
import { hasPoint, type DispensarySearchState } from '../../lib/search-state'
import styles from '../shop.module.css'

const DISTANCES = [5, 10, 25, 50, 100, 200]
// A distance search starts from Columbus until the shopper picks a place.
const COLUMBUS = { coordinates: { latitude: 39.9862, longitude: -82.9855 }, place: 'Columbus' }

/** SearchForm picks the stores of a Menus search (by region, or by distance from a city or the device) and the product type. */
export function SearchForm({ search, onChange }: { search: DispensarySearchState; onChange: (patch: Partial<DispensarySearchState>) => void }) {
  return (
    <form className={styles.form} aria-label="Search" onSubmit={(event) => event.preventDefault()}>
      <fieldset>
        <legend>Search by</legend>
        {(['region', 'distance'] as const).map((type) => (
          <label key={type} className={styles.check}>
            <input
              type="radio"
              name="searchType"
              checked={search.searchType === type}
              onChange={() =>
                type === 'region'
                  ? onChange({ searchType: 'region' })
                  : onChange({ searchType: 'distance', ...(hasPoint(search.coordinates) ? {} : COLUMBUS) })
              }
            />
            {type === 'region' ? 'Region' : 'Distance'}
          </label>
        ))}
      </fieldset>
      {search.searchType === 'region' ? (
        <SelectField
          className={styles.field}
          label="Region"
          value={search.region}
          choices={[['', 'All of Ohio'], ...REGIONS]}
          onChange={(region) => onChange({ region })}
        />
      ) : (
        <DistanceFields search={search} onChange={onChange} />
      )}
      <fieldset>
        <legend>Menus</legend>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={search.showMedical}
            disabled={search.showMedical && !search.showRecreational}
            onChange={(e) => onChange({ showMedical: e.target.checked })}
          />
          Medical
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={search.showRecreational}
            disabled={search.showRecreational && !search.showMedical}
            onChange={(e) => onChange({ showRecreational: e.target.checked })}
          />
          Adult use
        </label>
      </fieldset>
      <SelectField
        className={styles.field}
        label="Product type"
        value={search.productType}
        choices={CATEGORIES}
        onChange={(productType) => onChange({ productType })}
      />
    </form>
  )
}

/** DistanceFields are a distance search's point (a city or the device's location) and radius. */
function DistanceFields({ search, onChange }: { search: DispensarySearchState; onChange: (patch: Partial<DispensarySearchState>) => void }) {
  const [locating, setLocating] = useState<string | null>(null)
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocating('This browser cannot share its location: pick a city instead.')
      return
    }
    setLocating('Asking the browser for your location…')
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(null)
        onChange({
          searchType: 'distance',
          coordinates: { latitude: position.coords.latitude, longitude: position.coords.longitude },
          place: 'your location',
        })
      },
      (error) => setLocating(`Your location is not available (${error.message || 'permission denied'}): pick a city instead.`),
      { maximumAge: 600_000, timeout: 15_000 },
    )
  }
  const city = OHIO_CITIES.find((c) => c.city === search.place)
  return (
    <>
      <SelectField
        className={styles.field}
        label="Near"
        value={city ? city.city : ''}
        choices={[...(city ? [] : [['', search.place || 'Chosen point'] as const]), ...OHIO_CITIES.map((c) => c.city)]}
        onChange={(name) => {
          const picked = OHIO_CITIES.find((c) => c.city === name)
          if (picked) onChange({ coordinates: { latitude: picked.lat, longitude: picked.lng }, place: picked.city })
        }}
      />
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
        {locating && <p role="status">{locating}</p>}
      </div>
      <p className={`${styles.credit} ${styles.wide}`}>
        Distances are straight lines from the city centre or your location; many stores are placed at their city's centre.{' '}
        <a href={SIMPLEMAPS_CREDIT.url}>{SIMPLEMAPS_CREDIT.text}</a>.
      </p>
    </>
  )
}
