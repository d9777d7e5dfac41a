import { trendsSchema } from './shop-schemas'
import { useSnapshot } from './use-snapshot'

/** useTrends loads api/trends: weekly median unit prices, menus tracked and new products. */
export function useTrends() {
  return useSnapshot('trends', trendsSchema)
}
