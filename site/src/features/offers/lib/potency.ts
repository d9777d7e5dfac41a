import type { Category } from '@/api/common-schemas'

// What an offer's THC figure is, as every list, filter and sort reads it (site/README.md, "Potency"):
//
//   - An edible whose menu gives no THC figure has its labelled dose: the product's mg, which
//     its size states ("100mg") and which publish prices its unit price by. Without it, the
//     THC filter dropped edibles labelled 100 mg while the value by THC counted them; now both
//     read the same figure, and the rows say it is the label's ("100 mg THC, labelled").
//   - A menu giving a range ("18–24.5 %") publishes its top as thc and its bottom as thcLow:
//     the rows show the range, the filters and sorts read the top.

/** PotencyInput is what an offer's snapshot says of its potency. */
export type PotencyInput = {
  category: Category
  /** mg is the product's labelled dose (edibles), from its size. */
  mg: number | null
  thc: number | null
  potencyUnit: string | null
  cbd: number | null
  /** thcLow is the bottom of a range the menu gave; absent or null otherwise. */
  thcLow?: number | null
  cbdLow?: number | null
}

/** Potency is an offer's THC as shown and filtered: the figure, its unit, whether it is the label's, and a range's bottom. */
export type Potency = {
  thc: number | null
  potencyUnit: string | null
  /** thcLabelled: thc is an edible's labelled dose, the menu gave no THC figure. */
  thcLabelled: boolean
  /** thcLow is the bottom of the range whose top is thc (null when the menu gave one figure). */
  thcLow: number | null
  cbdLow: number | null
}

const positive = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0

/** potencyOf is an offer's potency as the site reads it: an edible's labelled dose where the menu gives no THC figure. */
export function potencyOf(o: PotencyInput): Potency {
  const cbdLow = bottomOf(o.cbdLow, o.cbd)
  if (o.category === 'Edible' && o.thc === null && positive(o.mg)) {
    return { thc: o.mg, potencyUnit: 'mg', thcLabelled: true, thcLow: null, cbdLow }
  }
  return { thc: o.thc, potencyUnit: o.potencyUnit, thcLabelled: false, thcLow: bottomOf(o.thcLow, o.thc), cbdLow }
}

/** PotencyColumns are a file's potency columns, one entry per offer (a search shard's offers, a store menu's). */
export type PotencyColumns = {
  thc: readonly (number | null | undefined)[]
  potencyUnit: readonly (string | null | undefined)[]
  cbd: readonly (number | null | undefined)[]
  thcLow?: readonly (number | null | undefined)[]
  cbdLow?: readonly (number | null | undefined)[]
}

/** potencyAt is potencyOf for offer i of a file's columns, of category and labelled dose mg. */
export function potencyAt(o: PotencyColumns, i: number, category: Category, mg: number | null): Potency {
  return potencyOf({
    category,
    mg,
    thc: o.thc[i] ?? null,
    potencyUnit: o.potencyUnit[i] ?? null,
    cbd: o.cbd[i] ?? null,
    thcLow: o.thcLow?.[i],
    cbdLow: o.cbdLow?.[i],
  })
}

/** bottomOf is a range's bottom when it is one: a number below its top (anything else shows the one figure the filters read). */
function bottomOf(low: number | null | undefined, top: number | null): number | null {
  return typeof low === 'number' && Number.isFinite(low) && low >= 0 && top !== null && low < top ? low : null
}
