import { terpeneSchema } from './explore-schemas'
import { useSnapshot } from './use-snapshot'

/** useTerpene loads api/terpenes/<slug>: the products in stock whose menus list that terpene. */
export function useTerpene(slug: string) {
  return useSnapshot(`terpenes/${encodeURIComponent(slug)}`, terpeneSchema)
}
