// The arithmetic of Ohio's purchase limits (the rules and their sources are in
// ohio-limits.ts). Pure functions, so the figures the calculator shows are
// unit-tested and can be checked by hand.

/** GRAMS_PER_OUNCE is the avoirdupois ounce. */
export const GRAMS_PER_OUNCE = 28.349523125

/** Form is what a calculator item is, as the limits tell forms apart. */
export type Form = 'flower' | 'vape' | 'extract' | 'edible' | 'topical'

/** CalcItem is one item of the calculator: grams of product (flower, vape, extract) or mg of THC (edible, topical). */
export type CalcItem = { form: Form; amount: number; thc: number | null }

/** MedicalLimit names the medical 90-day allowances [VERILIFE]. */
export type MedicalLimit = 'tier1' | 'tier2' | 'vape' | 'oral' | 'topical'
/** AdultLimit names the adult-use per-day limits [CLE-98]. */
export type AdultLimit = 'plant' | 'extract'

/** MEDICAL_CAPS: per 90 days, grams of plant material (tiers) or grams of THC (the rest). */
export const MEDICAL_CAPS: Record<MedicalLimit, number> = {
  tier1: 8 * GRAMS_PER_OUNCE,
  tier2: 5.3 * GRAMS_PER_OUNCE,
  topical: 26.55,
  oral: 9.9,
  vape: 53.1,
}
/** TIER_I_MAX_THC: plant material testing at or below this THC % is Tier I, above it Tier II. */
export const TIER_I_MAX_THC = 23
/** ADULT_CAPS: grams per day of plant material and of extract. */
export const ADULT_CAPS: Record<AdultLimit, number> = { plant: 2.5 * GRAMS_PER_OUNCE, extract: 15 }
/** SUPPLY_DAYS is the medical supply period; FILL_DAYS its two fill periods. */
export const SUPPLY_DAYS = 90
export const FILL_DAYS = 45

/** Counted is how much of which limit one item uses, with the assumption made when a figure was missing. */
export type Counted<L> = { limit: L; used: number; assumption?: string }

/** medicalUse is the part of a medical allowance an item uses (in the allowance's unit). */
export function medicalUse(item: CalcItem): Counted<MedicalLimit> {
  switch (item.form) {
    case 'flower':
      if (item.thc === null) return { limit: 'tier2', used: item.amount, assumption: 'THC not given: counted as Tier II, the smaller allowance' }
      return { limit: item.thc <= TIER_I_MAX_THC ? 'tier1' : 'tier2', used: item.amount }
    case 'vape':
    case 'extract': {
      if (item.thc === null) return { limit: 'vape', used: item.amount, assumption: 'THC not given: the whole weight counted as THC' }
      return { limit: 'vape', used: (item.amount * item.thc) / 100 }
    }
    case 'edible':
      return { limit: 'oral', used: item.amount / 1000 }
    case 'topical':
      return { limit: 'topical', used: item.amount / 1000 }
  }
}

/** adultUse is the part of an adult-use daily limit an item uses, in grams. */
export function adultUse(item: CalcItem): Counted<AdultLimit> {
  switch (item.form) {
    case 'flower':
      return { limit: 'plant', used: item.amount }
    case 'vape':
    case 'extract':
      return { limit: 'extract', used: item.amount }
    case 'edible':
    case 'topical':
      return { limit: 'extract', used: item.amount / 1000, assumption: 'counted by its THC content (mg), which is our reading, not settled' }
  }
}

/** Share is one limit's use: used and cap in the limit's unit, share of it (1 = all of it). */
export type Share<L> = { limit: L; used: number; cap: number; share: number }

function total<L extends string>(counted: Counted<L>[], caps: Record<L, number>): Share<L>[] {
  const used = new Map<L, number>()
  for (const c of counted) used.set(c.limit, (used.get(c.limit) ?? 0) + c.used)
  return [...used.entries()].map(([limit, u]) => ({ limit, used: u, cap: caps[limit], share: u / caps[limit] }))
}

/**
 * MedicalResult: the share of each allowance used and, because forms can be
 * mixed within one 90-day supply, their sum (1 = the whole supply), with the
 * days of supply it comes to and its share of one 45-day fill period.
 */
export type MedicalResult = { shares: Share<MedicalLimit>[]; supply: number; days: number; fill: number }

/** medicalTotals adds up the items against the medical 90-day supply. */
export function medicalTotals(items: readonly CalcItem[]): MedicalResult {
  const shares = total(items.map(medicalUse), MEDICAL_CAPS)
  const supply = shares.reduce((sum, s) => sum + s.share, 0)
  return { shares, supply, days: supply * SUPPLY_DAYS, fill: (supply * SUPPLY_DAYS) / FILL_DAYS }
}

/** adultTotals adds up the items against the adult-use daily limits. */
export function adultTotals(items: readonly CalcItem[]): Share<AdultLimit>[] {
  return total(items.map(adultUse), ADULT_CAPS)
}

/** formOf maps a product type to its calculator form (null: no limit we know counts it). */
export function formOf(category: string): Form | null {
  switch (category) {
    case 'Flower':
    case 'Preroll':
      return 'flower'
    case 'Vape':
      return 'vape'
    case 'Extract':
      return 'extract'
    case 'Edible':
      return 'edible'
    default:
      return null
  }
}

/** formatPercent shows a share to one decimal: 0.3951 → "39.5%". */
export function formatPercent(share: number): string {
  return `${(share * 100).toFixed(1)}%`
}
