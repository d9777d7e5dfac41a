import { memo, useCallback, useMemo, useState } from 'react'
import { SelectField } from '@/components/select-field'
import { useLatest } from '@/lib/use-latest'
import {
  countInRange,
  facetsChosen,
  NO_FACETS,
  sizeLabel,
  sizeOrder,
  STRAIN_TYPES,
  THRESHOLDS,
  type OptionCounts,
  type FacetFilters,
  type PotencyUnit,
} from '../lib/facets'
import styles from './shop.module.css'

type Props = {
  /** filters are the filters as chosen (shown at once); counts follow the results. */
  filters: FacetFilters
  /** counts are each option's offers given the other filters (publish's until the site has counted), null while the offers load. */
  counts: OptionCounts | null
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

type OptionFacet = 'brands' | 'strainTypes' | 'sizes' | 'terpenes'
type Flag = 'saleOnly' | 'newOnly'
type Bound = 'thcMin' | 'thcMax' | 'cbdMin' | 'priceMin' | 'priceMax'

/** BOUNDS are the range fields in their order: each bound, the other bound of its range, and what it bounds (its steps and counts). */
const BOUNDS: readonly { name: Bound; other: Bound | null; of: 'thc' | 'cbd' | 'price' }[] = [
  { name: 'thcMin', other: 'thcMax', of: 'thc' },
  { name: 'thcMax', other: 'thcMin', of: 'thc' },
  { name: 'cbdMin', other: null, of: 'cbd' },
  { name: 'priceMin', other: 'priceMax', of: 'price' },
  { name: 'priceMax', other: 'priceMin', of: 'price' },
]

/** boundLabel is a range field's label: THC and CBD in the list's unit (% or mg). */
const boundLabel = (name: Bound, unit: PotencyUnit) =>
  ({
    thcMin: `THC at least (${unit})`,
    thcMax: `THC at most (${unit})`,
    cbdMin: `CBD at least (${unit})`,
    priceMin: 'Price from',
    priceMax: 'Price up to',
  })[name]

/**
 * FacetForm is the filters with counts of the Menus search and a store's page: on
 * sale, new, strain type, brand, size, THC, CBD, price and terpene, each option
 * with the offers it would leave given the other filters.
 *
 * A click re-renders only the option it changed (each option is memoised, and its
 * handlers do not change between renders): the box shows ticked in the next frame
 * while the results and counts follow.
 */
export const FacetForm = memo(function FacetForm({ filters, counts, unit, onChange }: Props) {
  const [allBrands, setAllBrands] = useState(false)
  // While the options are counted again (counts null: a filter chosen before the whole search was
  // counted), the last counts' options stay, without their numbers, so that nothing moves.
  const [lastCounts, setLastCounts] = useState(counts)
  if (counts !== null && counts !== lastCounts) setLastCounts(counts)
  const listed = counts ?? lastCounts
  // The options' handlers read the latest filters and onChange (a screen may pass a new one
  // each render), so that they stay the same functions and the options stay memoised.
  const latest = useLatest({ filters, onChange })
  const toggle = useCallback(
    (key: OptionFacet | Flag, value: string, on: boolean) => {
      const { filters: f, onChange: change } = latest.current
      if (key === 'saleOnly' || key === 'newOnly') change({ [key]: on })
      else change({ [key]: on ? [...f[key], value] : (f[key] as readonly string[]).filter((v) => v !== value) } as Partial<FacetFilters>)
    },
    [latest],
  )
  const pick = useCallback((key: Bound, value: number | null) => latest.current.onChange({ [key]: value }), [latest])
  const clear = useCallback(() => latest.current.onChange(NO_FACETS), [latest])
  const options = (key: 'brands' | 'sizes' | 'terpenes', map: Map<string, number> | undefined, order: (a: string, b: string) => number) =>
    [...new Set([...(map?.keys() ?? []), ...filters[key]])].sort(order)
  const byCount = (map: Map<string, number> | undefined) => (a: string, b: string) => (map?.get(b) ?? 0) - (map?.get(a) ?? 0) || a.localeCompare(b)
  const brands = options('brands', listed?.brand, byCount(listed?.brand))
  const shownBrands = allBrands ? brands : brands.filter((b, i) => i < BRANDS_SHOWN || filters.brands.includes(b))
  const sizes = options('sizes', listed?.size, sizeOrder)
  const terpenes = options('terpenes', listed?.terpene, byCount(listed?.terpene))
  const check = (key: OptionFacet, value: string, label: string, count: number | undefined) => (
    <CountedCheck
      key={value}
      name={key}
      value={value}
      label={label}
      count={count}
      checked={(filters[key] as readonly string[]).includes(value)}
      onToggle={toggle}
    />
  )
  const unitWord = unit === '%' ? '%' : ' mg'
  const chosen = facetsChosen(filters)
  return (
    <form
      className={`${styles.form} ${styles.facets} ${styles.paintApart}`}
      aria-label="Filters with counts"
      onSubmit={(event) => event.preventDefault()}
    >
      <fieldset>
        <legend>Offers</legend>
        <CountedCheck name="saleOnly" value="" label="On sale" count={counts?.sale} checked={filters.saleOnly} onToggle={toggle} />
        <CountedCheck name="newOnly" value="" label="New this week" count={counts?.new} checked={filters.newOnly} onToggle={toggle} />
      </fieldset>
      {/* A store's menu file may give no strain types: no filter to offer then. */}
      {(listed === null || listed.strainType.size > 0 || filters.strainTypes.length > 0) && (
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
        {BOUNDS.map(({ name, other, of }) => (
          <BoundField
            key={name}
            label={boundLabel(name, unit)}
            name={name}
            steps={of === 'price' ? THRESHOLDS.price : THRESHOLDS[of][unit]}
            value={filters[name]}
            other={other ? filters[other] : null}
            values={counts?.[of]}
            prefix={of === 'price' ? '$' : ''}
            suffix={of === 'price' ? '' : unitWord}
            onPick={pick}
          />
        ))}
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
      {/* Kept in its place, hidden, while no filter is chosen: the first choice then moves
          nothing below it, so the browser repaints the box alone, not the whole results. */}
      <p className={chosen > 0 ? styles.wide : `${styles.wide} ${styles.reserved}`}>
        <button type="button" className="button button--secondary" onClick={clear}>
          Clear {chosen <= 1 ? 'the filter' : `the ${chosen} filters`}
        </button>
      </p>
    </form>
  )
})

/** CountedCheck is one option with its count: a brand, strain type, size or terpene, or "On sale", "New this week". */
const CountedCheck = memo(function CountedCheck({
  name,
  value,
  label,
  count,
  checked,
  onToggle,
}: {
  name: OptionFacet | Flag
  value: string
  label: string
  count: number | undefined
  checked: boolean
  onToggle: (name: OptionFacet | Flag, value: string, on: boolean) => void
}) {
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} onChange={(e) => onToggle(name, value, e.target.checked)} />
      {label}
      {formatCount(count)}
    </label>
  )
})

/**
 * BoundField is a bound of a range (THC, CBD, price paid): its steps, each with the offers it
 * would leave within the other bound (other: the upper one of a lower bound, and the other way).
 */
const BoundField = memo(function BoundField({
  label,
  name,
  steps,
  value,
  other,
  values,
  prefix = '',
  suffix = '',
  onPick,
}: {
  label: string
  name: Bound
  steps: readonly number[]
  value: number | null
  other: number | null
  values: Float64Array | undefined
  prefix?: string
  suffix?: string
  onPick: (name: Bound, value: number | null) => void
}) {
  const lower = name.endsWith('Min')
  const choices = useMemo(
    () => [
      ['', 'Any'] as const,
      ...[...new Set([...steps, ...(value === null ? [] : [value])])]
        .sort((a, b) => a - b)
        .map(
          (n) =>
            [
              String(n),
              `${prefix}${n}${suffix}${values ? formatCount(lower ? countInRange(values, n, other) : countInRange(values, other, n)) : ''}`,
            ] as const,
        ),
    ],
    [steps, value, other, values, prefix, suffix, lower],
  )
  return (
    <SelectField
      className={styles.field}
      label={label}
      value={value === null ? '' : String(value)}
      choices={choices}
      onChange={(v) => onPick(name, v === '' ? null : Number(v))}
    />
  )
})
