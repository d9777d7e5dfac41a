import { strainSchema } from './shop-schemas'
import { usePathSnapshot } from './use-snapshot'

/** useStrain loads api/strains/<slug>: one strain's type, lineage, terpenes and where it is in stock. */
export function useStrain(slug: string) {
  return usePathSnapshot(`strains/${encodeURIComponent(slug)}`, strainSchema)
}
