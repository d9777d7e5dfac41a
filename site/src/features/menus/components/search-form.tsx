import { memo } from 'react'
import { CATEGORIES } from '@/api/common-schemas'
import { SelectField } from '@/components/select-field'
import { REGIONS } from '@/features/offers/api/shop-schemas'
import { hasPoint, type DispensarySearchState } from '@/features/offers/lib/search-state'
import { PlaceField } from '@/features/offers/components/place-field'
import styles from '@/features/offers/components/shop.module.css'

// A distance search starts from Columbus until the shopper picks a place.
const COLUMBUS = { coordinates: { latitude: 39.9862, longitude: -82.9855 }, place: 'Columbus' }

/** SearchForm picks the stores of a Menus search (by region, or by distance from a city or the device) and the product type. */
export const SearchForm = memo(function SearchForm({
  search,
  onChange,
}: {
  search: DispensarySearchState
  onChange: (patch: Partial<DispensarySearchState>) => void
}) {
  return (
    <form className={`${styles.form} ${styles.paintApart}`} aria-label="Search" onSubmit={(event) => event.preventDefault()}>
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
        <PlaceField search={search} onChange={onChange} />
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
})
