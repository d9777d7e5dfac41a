import { normalize } from '@/lib/format'
import type { StrainsIndex, StrainType } from '../api/explore-schemas'

const TYPE_LABEL: Record<StrainType, string> = { indica: 'Indica', sativa: 'Sativa', hybrid: 'Hybrid' }

/** typeLabel names a strain type, or says it is not known. */
export function typeLabel(type: StrainType | null): string {
  return type ? TYPE_LABEL[type] : 'Unknown'
}

/** TypeFilter is the strain index's type filter: a type, "unknown", or '' for any. */
export type TypeFilter = StrainType | 'unknown' | ''

export type StrainSummary = StrainsIndex['strains'][number]

/** filterStrains keeps the strains whose name has every word of query, of the type asked, in stock when asked. */
export function filterStrains(
  strains: readonly StrainSummary[],
  { query, type, inStock }: { query: string; type: TypeFilter; inStock: boolean },
): StrainSummary[] {
  const words = normalize(query).split(/\s+/).filter(Boolean)
  return strains.filter((s) => {
    if (type === 'unknown' ? s.type !== null : type && s.type !== type) return false
    if (inStock && s.stores === 0) return false
    const name = normalize(s.name)
    return words.every((w) => name.includes(w))
  })
}
