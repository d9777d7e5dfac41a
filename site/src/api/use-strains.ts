import { strainsIndexSchema } from './shop-schemas'
import { useSnapshot } from './use-snapshot'

/** useStrains loads api/strains/index: every strain seen on an Ohio menu, with how many stores have it now. */
export function useStrains() {
  return useSnapshot('strains/index', strainsIndexSchema)
}
