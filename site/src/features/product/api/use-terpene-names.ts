import * as v from 'valibot'
import { published } from '@/api/common-schemas'
import { useSnapshot } from '@/api/use-snapshot'

// The names menus' terpene slugs stand for, from api/terpenes/index (every terpene listed on a
// menu, with its product count): a small file the Terpenes screen reads too, so one download serves both.
const terpeneNamesSchema = published({
  terpenes: v.array(v.looseObject({ slug: v.string(), name: v.string() })),
})

/** useTerpeneNames maps a terpene's slug to its name ("beta-caryophyllene" → "Beta-Caryophyllene"); empty until loaded. */
export function useTerpeneNames(): ReadonlyMap<string, string> {
  const { data } = useSnapshot('terpenes/index', terpeneNamesSchema)
  return new Map(data?.terpenes.map((t) => [t.slug, t.name]))
}
