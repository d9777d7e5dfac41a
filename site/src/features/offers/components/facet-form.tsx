import { memo, useState } from 'react'
import { SelectField } from '@/components/select-field'
import {
  countInRange,
  facetsChosen,
  NO_FACETS,
  sizeLabel,
  sizeOrder,
  STRAIN_TYPES,
  THRESHOLDS,
  type FacetCounts,
  type FacetFilters,
  type PotencyUnit,
} from '../lib/facets'
import styles from './shop.module.css'

type Props = {
  /** filters are the filters as chosen (shown at once); counts follow the results. */
  filters: FacetFilters
  /** counts are each option's offers given the other filters, null while the offers load. */
  counts: FacetCounts | null
  /** unit is the potency unit of the THC and CBD bounds. */
  unit: PotencyUnit
  onChange: (patch: Partial<FacetFilters>) => void
}

/** BRANDS_SHOWN brands (the most offers first, and every chosen one) show until "Show all brands". */
const BRANDS_SHOWN = 12

const STRAIN_LABELS: Record<(typeof STRAIN_TYPES)[number], string> = { indica: 'Indica', sativa: 'Sativa', hybrid: 'Hybrid' }

/** terpeneName says a terpene's slug as a name: "beta-caryophyllene" → "Beta-caryophyllene". */
const terpeneName = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1)

// One formatter for every count, built when the first count shows: n.toLocaleString builds one
// per call, about 100 of them per filter change (a trace of bench:menus's filter changes at 4x).
let countFormat: Intl.NumberFormat | undefined
const formatCount = (n: number | undefined) => (n === undefined ? '' : ` (${(countFormat ??= new Intl.NumberFormat('en-US')).format(n)})`)

/**
 * FacetForm is the filters with counts of the Menus search and a store's page: on
 * sale, new, strain type, brand, size, THC, CBD, price and terpene, each option
 * with the offers it would leave given the other filters.
 */
export const FacetForm = memo(function FacetForm({ filters, counts, unit, onChange }: Props) {
  const [allBrands, setAllBrands] = useState(false)
  const toggle = <K extends 'brands' | 'strainTypes' | 'sizes' | 'terpenes'>(key: K, value: FacetFilters[K][number], on: boolean) =>
    onChange({ [key]: on ? [...filters[key], value] : filters[key].filter((v) => v !== value) } as Partial<FacetFilters>)
  const options = (key: 'brands' | 'sizes' | 'terpenes', map: Map<string, number> | undefined, order: (a: string, b: string) => number) =>
    [...new Set([...(map?.keys() ?? []), ...filters[key]])].sort(order)
  const byCount = (map: Map<string, number> | undefined) => (a: string, b: string) => (map?.get(b) ?? 0) - (map?.get(a) ?? 0) || a.localeCompare(b)
  const brands = options('brands', counts?.brand, byCount(counts?.brand))
  const shownBrands = allBrands ? brands : brands.filter((b, i) => i < BRANDS_SHOWN || filters.brands.includes(b))
  const sizes = options('sizes', counts?.size, sizeOrder)
  const terpenes = options('terpenes', counts?.terpene, byCount(counts?.terpene))
  const check = (key: 'brands' | 'strainTypes' | 'sizes' | 'terpenes', value: string, label: string, count: number | undefined) => (
    <label key={value} className={styles.check}>
      <input
        type="checkbox"
        checked={(filters[key] as readonly string[]).includes(value)}
        onChange={(e) => toggle(key, value as never, e.target.checked)}
      />
      {label}
      {formatCount(count)}
    </label>
  )
  const unitWord = unit === '%' ? '%' : ' mg'
  const bound = (
    label: string,
    key: 'thcMin' | 'thcMax' | 'cbdMin' | 'priceMin' | 'priceMax',
    steps: readonly number[],
    values: Float64Array | undefined,
    say: (n: number) => string,
    within: (n: number) => [number | null, number | null],
  ) => (
    <SelectField
      className={styles.field}
      label={label}
      value={filters[key] === null ? '' : String(filters[key])}
      choices={[
        ['', 'Any'],
        ...[...new Set([...steps, ...(filters[key] === null ? [] : [filters[key]])])]
          .sort((a, b) => a - b)
          .map((n) => [String(n), `${say(n)}${values ? formatCount(countInRange(values, ...within(n))) : ''}`] as const),
      ]}
      onChange={(v) => onChange({ [key]: v === '' ? null : Number(v) })}
    />
  )
  const chosen = facetsChosen(filters)
  return (
    <form className={styles.form} aria-label="Filters with counts" onSubmit={(event) => event.preventDefault()}>
      <fieldset>
        <legend>Offers</legend>
        <label className={styles.check}>
          <input type="checkbox" checked={filters.saleOnly} onChange={(e) => onChange({ saleOnly: e.target.checked })} />
          On sale{formatCount(counts?.sale)}
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={filters.newOnly} onChange={(e) => onChange({ newOnly: e.target.checked })} />
          New this week{formatCount(counts?.new)}
        </label>
      </fieldset>
      {/* A store's menu file may give no strain types: no filter to offer then. */}
      {(counts === null || counts.strainType.size > 0 || filters.strainTypes.length > 0) && (
        <fieldset>
          <legend>Strain type</legend>
          {STRAIN_TYPES.map((t) => check('strainTypes', t, STRAIN_LABELS[t], counts?.strainType.get(t) ?? (counts ? 0 : undefined)))}
        </fieldset>
      )}
      {sizes.length > 0 && (
        <fieldset>
          <legend>Size</legend>
          {sizes.map((s) => check('sizes', s, sizeLabel(s), counts?.size.get(s) ?? (counts ? 0 : undefined)))}
        </fieldset>
      )}
      <fieldset className={styles.facetRanges}>
        <legend>Potency and price</legend>
        {bound(
          `THC at least (${unit})`,
          'thcMin',
          THRESHOLDS.thc[unit],
          counts?.thc,
          (n) => `${n}${unitWord}`,
          (n) => [n, filters.thcMax],
        )}
        {bound(
          `THC at most (${unit})`,
          'thcMax',
          THRESHOLDS.thc[unit],
          counts?.thc,
          (n) => `${n}${unitWord}`,
          (n) => [filters.thcMin, n],
        )}
        {bound(
          `CBD at least (${unit})`,
          'cbdMin',
          THRESHOLDS.cbd[unit],
          counts?.cbd,
          (n) => `${n}${unitWord}`,
          (n) => [n, null],
        )}
        {bound(
          'Price from',
          'priceMin',
          THRESHOLDS.price,
          counts?.price,
          (n) => `$${n}`,
          (n) => [n, filters.priceMax],
        )}
        {bound(
          'Price up to',
          'priceMax',
          THRESHOLDS.price,
          counts?.price,
          (n) => `$${n}`,
          (n) => [filters.priceMin, n],
        )}
      </fieldset>
      {brands.length > 0 && (
        <fieldset className={styles.facetList}>
          <legend>Brand</legend>
          {shownBrands.map((b) => check('brands', b, b, counts?.brand.get(b) ?? (counts ? 0 : undefined)))}
          {brands.length > BRANDS_SHOWN && (
            <button type="button" className="button button--secondary" onClick={() => setAllBrands(!allBrands)}>
              {allBrands ? 'Show fewer brands' : `Show all ${brands.length} brands`}
            </button>
          )}
        </fieldset>
      )}
      {terpenes.length > 0 && (
        <fieldset className={styles.facetList}>
          <legend>Terpene</legend>
          {terpenes.map((t) => check('terpenes', t, terpeneName(t), counts?.terpene.get(t) ?? (counts ? 0 : undefined)))}
        </fieldset>
      )}
      {chosen > 0 && (
        <p className={styles.wide}>
          <button type="button" className="button button--secondary" onClick={() => onChange(NO_FACETS)}>
            Clear {chosen === 1 ? 'the filter' : `the ${chosen} filters`}
          </button>
        </p>
      )}
    </form>
  )
})
