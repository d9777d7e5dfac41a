import { SelectField, type Choice } from '../../../../components/select-field'
import { REGIONS } from '../../api/shop-schemas'
import { DEAL_CATEGORIES, DEAL_DISTANCES, type DealsQuery } from '../../lib/deals'
import { OHIO_CITIES, SIMPLEMAPS_CREDIT } from '../../lib/ohio-cities'
import styles from '../shop.module.css'

const MARKETS: readonly Choice[] = [
  ['', 'Medical and adult use'],
  ['medical', 'Medical'],
  ['recreational', 'Adult use'],
]
const SORTS: readonly Choice[] = [
  ['discount', 'Largest discount'],
  ['unitPrice', 'Lowest unit price'],
]

/** DealsFilters are the Deals screen's region or city, distance, product type, market and order; set(key, value) changes the URL. */
export function DealsFilters({ query, set }: { query: DealsQuery; set: (key: string, value: string) => void }) {
  const { region, near, within, category, market, sort } = query
  return (
    <form className={styles.form} aria-label="Deals filters" onSubmit={(e) => e.preventDefault()}>
      <SelectField
        className={styles.field}
        label="Region"
        value={near ? '' : region}
        disabled={Boolean(near)}
        choices={[['', 'All of Ohio'], ...REGIONS]}
        onChange={(v) => set('region', v)}
      />
      <SelectField
        className={styles.field}
        label="Near"
        value={near?.city ?? ''}
        choices={[['', 'Anywhere'], ...OHIO_CITIES.map((c) => c.city)]}
        onChange={(v) => set('near', v)}
      />
      {near && (
        <SelectField
          className={styles.field}
          label="Within"
          value={String(within)}
          choices={DEAL_DISTANCES.map((d) => [String(d), `${d} miles`] as const)}
          onChange={(v) => set('within', v)}
        />
      )}
      <SelectField
        className={styles.field}
        label="Product type"
        value={category}
        choices={[['', 'All'], ...DEAL_CATEGORIES]}
        onChange={(v) => set('type', v)}
      />
      <SelectField className={styles.field} label="Market" value={market} choices={MARKETS} onChange={(v) => set('market', v)} />
      <SelectField className={styles.field} label="Sort by" value={sort} choices={SORTS} onChange={(v) => set('sort', v === 'unitPrice' ? v : '')} />
      {near && (
        <p className={`${styles.credit} ${styles.wide}`}>
          Straight-line distances from the city centre. <a href={SIMPLEMAPS_CREDIT.url}>{SIMPLEMAPS_CREDIT.text}</a>.
        </p>
      )}
    </form>
  )
}
