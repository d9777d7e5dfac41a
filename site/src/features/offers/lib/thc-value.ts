import type { Category } from '@/api/common-schemas'
import { formatCost } from '@/lib/format'

// Best value by THC: the price paid per 100 mg of THC, the way Ohio's
// value-hunters rank menus across product types. A unit price per gram says nothing of
// strength (a $30 eighth at 15 % is dearer THC than a $35 one at 28 %), and a price per
// gram cannot be set against an edible's; 100 mg of THC can, in every type but Other.
//
// The THC in a package, from what the snapshots carry (publish/SNAPSHOTS.md, "Potency"):
//   - an edible: its labelled dose (the product's mg, which publish also prices
//     edibles' unit price by), else the menu's THC in mg, else THC % of its weight;
//   - anything else: the menu's THC in mg (a package's total, as platforms give it for
//     vapes and some prerolls), else THC % of its weight: weight_g × 1000 × THC% / 100 mg.
// Worked: a 3.5 g eighth at 22 % holds 3.5 × 1000 × 0.22 = 770 mg; at $35 that is
// $35 / 7.7 = $4.55 per 100 mg THC.
//
// Without a usable figure an offer has no value and says why (NoThcReason); the sorts
// list such offers last.

/** THC_VALUE_CATEGORIES are the product types a THC value is worked out for (Other's topicals, tinctures… are not). */
export const THC_VALUE_CATEGORIES: readonly Category[] = ['Flower', 'Preroll', 'Vape', 'Extract', 'Edible']

/** ThcValueOffer is what the value is worked out from: any offer of a snapshot, with its price paid. */
export type ThcValueOffer = {
  category: Category
  /** paid is the price paid (the sale price when on sale). */
  paid: number
  grams: number | null
  /** mg is the product's labelled dose (edibles), from its size. */
  mg: number | null
  thc: number | null
  potencyUnit: string | null
}

/** NoThcReason is why an offer has no THC value. */
export type NoThcReason = 'type' | 'no-thc' | 'unit' | 'no-weight' | 'out-of-range'

/** NO_THC_TEXT says each reason in a few words, for the row and for the count above the list. */
export const NO_THC_TEXT: Record<NoThcReason, string> = {
  type: 'not flower, a preroll, vape, extract or edible',
  'no-thc': 'no THC figure',
  unit: 'THC in a unit that cannot be converted',
  'no-weight': 'THC % but no weight',
  'out-of-range': 'THC figure out of range',
}

/** ThcValue is an offer's THC and price per 100 mg of it, or why there is none. */
export type ThcValue = { thcMg: number; per100mg: number } | { reason: NoThcReason }

const positive = (n: number | null): n is number => n !== null && Number.isFinite(n) && n > 0

/** thcMgOf is the THC in one package, in mg, or why it cannot be told. */
export function thcMgOf(o: Omit<ThcValueOffer, 'paid'>): number | NoThcReason {
  if (!THC_VALUE_CATEGORIES.includes(o.category)) return 'type'
  if (o.category === 'Edible' && positive(o.mg)) return o.mg
  if (!positive(o.thc)) return 'no-thc'
  if (o.potencyUnit === 'mg') {
    // More THC than the package weighs is a misread figure (mg per gram, or a typo).
    if (positive(o.grams) && o.thc > o.grams * 1000) return 'out-of-range'
    return o.thc
  }
  if (o.potencyUnit !== '%') return 'unit'
  if (o.thc > 100) return 'out-of-range'
  if (!positive(o.grams)) return 'no-weight'
  return o.grams * 10 * o.thc
}

/** thcValue is an offer's price paid per 100 mg of THC (unrounded, for sorting), or why it has none. */
export function thcValue(o: ThcValueOffer): ThcValue {
  const thcMg = thcMgOf(o)
  if (typeof thcMg === 'string') return { reason: thcMg }
  if (!(Number.isFinite(o.paid) && o.paid > 0)) return { reason: 'out-of-range' }
  return { thcMg, per100mg: (o.paid * 100) / thcMg }
}

/** thcValuePer100mg is the sorts' key: the price per 100 mg THC, null when there is none (listed last). */
export function thcValuePer100mg(o: ThcValueOffer): number | null {
  // Called twice per comparison when a whole state's offers are sorted: nothing allocated.
  const thcMg = thcMgOf(o)
  return typeof thcMg === 'string' || !(Number.isFinite(o.paid) && o.paid > 0) ? null : (o.paid * 100) / thcMg
}

/** formatThcValue says an offer's value for its row: "$4.55 per 100 mg THC", or why there is none. */
export function formatThcValue(v: ThcValue): string {
  return 'per100mg' in v ? `${formatCost(v.per100mg)} per 100 mg THC` : `No THC value: ${NO_THC_TEXT[v.reason]}`
}

/** countNoThcValue counts the values that are none, by reason (only reasons met). */
export function countNoThcValue(values: Iterable<ThcValue>): { total: number; reasons: Partial<Record<NoThcReason, number>> } {
  const reasons: Partial<Record<NoThcReason, number>> = {}
  let total = 0
  for (const v of values) {
    if ('reason' in v) {
      total++
      reasons[v.reason] = (reasons[v.reason] ?? 0) + 1
    }
  }
  return { total, reasons }
}

/**
 * noThcValueText says above a list sorted by THC value how many offers have none and are
 * listed last, and why: "3 offers have no usable THC figure and are listed last (no THC
 * figure: 2; THC % but no weight: 1)." Empty when every offer has a value.
 */
export function noThcValueText({ total, reasons }: ReturnType<typeof countNoThcValue>, what = 'offers'): string {
  if (total === 0) return ''
  const one = what.replace(/s$/, '')
  const why = (Object.entries(reasons) as [NoThcReason, number][]).map(([reason, n]) => `${NO_THC_TEXT[reason]}: ${n}`).join('; ')
  return `${total} ${total === 1 ? `${one} has` : `${what} have`} no usable THC figure and ${total === 1 ? 'is' : 'are'} listed last (${why}).`
}
