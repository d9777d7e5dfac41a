import { useMemo } from 'react'
import { useSearchStores } from './use-shop'

/** StoreTaxRates maps a store's slug to its county's sales tax rate in percent (null: unknown); undefined while loading. */
export type StoreTaxRates = ReadonlyMap<string, number | null> | undefined

/**
 * useStoreTaxRates is every store's sales tax rate (state and county, as publish gives it on
 * api/search/stores, which Menus, Deals, product pages and the Wishlist share: one download),
 * for "≈ $X with tax" (src/lib/tax.ts).
 */
export function useStoreTaxRates(): StoreTaxRates {
  const { data } = useSearchStores()
  return useMemo(() => data && new Map(data.stores.map((s) => [s.slug, s.salesTaxPercent ?? null])), [data])
}

/** taxRateAt is a store's rate as the price cells take it: undefined while the rates load, null when the store's is unknown. */
export const taxRateAt = (rates: StoreTaxRates, slug: string): number | null | undefined => (rates ? (rates.get(slug) ?? null) : undefined)
