import { terpeneSchema } from './shop-schemas'
import { usePathSnapshot } from './use-snapshot'

/** useTerpene loads api/terpenes/<slug>: the products in stock whose menus list that terpene. */
export function useTerpene(slug: string) {
  return usePathSnapshot(`terpenes/${encodeURIComponent(slug)}`, terpeneSchema)
}
