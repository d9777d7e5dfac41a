import { useSnapshot } from '@/api/use-snapshot'
import { strainSchema, strainsIndexSchema, terpeneContentSchema, terpeneSchema, terpenesIndexSchema, trendsSchema } from './explore-schemas'

/** useTrends loads api/trends: weekly median unit prices, menus tracked and new products. */
export function useTrends() {
  return useSnapshot('trends', trendsSchema)
}

/** useStrains loads api/strains/index: every strain seen on an Ohio menu, with how many stores have it now. */
export function useStrains() {
  return useSnapshot('strains/index', strainsIndexSchema)
}

/** useStrain loads api/strains/<slug>: one strain's type, lineage, terpenes and where it is in stock. */
export function useStrain(slug: string) {
  return useSnapshot(`strains/${encodeURIComponent(slug)}`, strainSchema)
}

/** useTerpenes loads api/terpenes/index: every terpene menus list, with its product count. */
export function useTerpenes() {
  return useSnapshot('terpenes/index', terpenesIndexSchema)
}

/** useTerpene loads api/terpenes/<slug>: the products in stock whose menus list that terpene. */
export function useTerpene(slug: string) {
  return useSnapshot(`terpenes/${encodeURIComponent(slug)}`, terpeneSchema)
}

/** useTerpeneGuide loads api/content/terpenes: what each terpene is, with sources (data/content/terpenes.yaml). */
export function useTerpeneGuide() {
  return useSnapshot('content/terpenes', terpeneContentSchema)
}
