import { SelectField, type Choice } from '@/components/select-field'
import { REGIONS } from '@/features/offers/api/shop-schemas'
import { DEAL_CATEGORIES, NO_PLACE, placePatch, type DealSort, type DealsQuery } from '../lib/deals'
import { asPlaceSearch, PlaceField } from '@/features/offers/components/place-field'
import styles from '@/features/offers/components/shop.module.css'

const MARKETS: readonly Choice[] = [
  ['', 'Medical and adult use'],
  ['medical', 'Medical'],
  ['recreational', 'Adult use'],
]
const SORTS: readonly (readonly [DealSort, string])[] = [
  ['discount', 'Largest discount'],
  ['unitPrice', 'Lowest unit price'],
  ['thcValue', 'Best value by THC (price per 100 mg)'],
]

/**
 * DealsFilters are the Deals screen's region or place (a ZIP code, a city or the device's
 * location, through the shared place field) and distance, product type, market and order;
 * set(patch) changes the URL (a value '' removes its key).
 */
export function DealsFilters({ query, set }: { query: DealsQuery; set: (patch: Readonly<Record<string, string>>) => void }) {
  const { region, near, within, category, market, sort } = query
  return (
    <form className={styles.form} aria-label="Deals filters" onSubmit={(e) => e.preventDefault()}>
      <SelectField
        className={styles.field}
        label="Region"
        value={near ? '' : region}
        disabled={Boolean(near)}
        choices={[['', 'All of Ohio'], ...REGIONS]}
        onChange={(v) => set({ region: v })}
      />
      <PlaceField search={asPlaceSearch(near, within)} onChange={(patch) => set(placePatch(patch))} />
      {near && (
        <div>
          <button type="button" className="button button--secondary" onClick={() => set(NO_PLACE)}>
            Clear the place
          </button>
        </div>
      )}
      <SelectField
        className={styles.field}
        label="Product type"
        value={category}
        choices={[['', 'All'], ...DEAL_CATEGORIES]}
        onChange={(v) => set({ type: v })}
      />
      <SelectField className={styles.field} label="Market" value={market} choices={MARKETS} onChange={(v) => set({ market: v })} />
      <SelectField className={styles.field} label="Sort by" value={sort} choices={SORTS} onChange={(v) => set({ sort: v === 'discount' ? '' : v })} />
    </form>
  )
}
