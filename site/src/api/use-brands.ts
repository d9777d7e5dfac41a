import { contentSnapshots } from './content-schemas'
import { useSnapshot } from './use-snapshot'

/** useBrands loads /api/brands: the brands on current menus with their product counts. */
export function useBrands() {
  return useSnapshot('brands', contentSnapshots.brands)
}
