import { strainSchema } from './explore-schemas'
import { useSnapshot } from './use-snapshot'

/** useStrain loads api/strains/<slug>: one strain's type, lineage, terpenes and where it is in stock. */
export function useStrain(slug: string) {
  return useSnapshot(`strains/${encodeURIComponent(slug)}`, strainSchema)
}
