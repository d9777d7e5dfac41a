import { LAW } from './ohio-limits'

// The arithmetic of Ohio's purchase limits. Every legal figure comes from
// data/law/ohio-limits.json (through ohio-limits.ts), with the rule that sets it.
// Pure functions, so the figures the calculator shows are unit-tested and can
// be checked by hand.

/** GRAMS_PER_OUNCE is the avoirdupois ounce. */
export const GRAMS_PER_OUNCE = LAW.gramsPerOunce

/** Form is what a calculator item is, as the limits tell forms apart. */
export type Form = 'flower' | 'vape' | 'extract' | 'edible' | 'topical'

/** CalcItem is one item of the calculator: grams of product (flower, vape, extract) or mg of THC (edible, topical). */
export type CalcItem = { form: Form; amount: number; thc: number | null }

/** MedicalLimit names the medical 90-day allowances (data/law/ohio-limits.json, medical.forms). */
export type MedicalLimit = 'tier1' | 'tier2' | 'vape' | 'oral' | 'topical'
/** AdultLimit names the adult-use per-day limits: plant material by weight, every other product by total THC (OAC 1301:18-8-08(A)(2)). */
export type AdultLimit = 'plant' | 'thc'

const { forms } = LAW.medical
/** SUPPLY_DAYS is the medical supply period; FILL_DAYS its two fill periods. */
export const SUPPLY_DAYS = LAW.medical.supplyDays
export const FILL_DAYS = LAW.medical.fillDays
/**
 * DAY_UNITS: how much of each form is one day of the medical supply, in the allowance's unit
 * (grams of plant material, grams of THC). Tier I's is the rule's own day unit (2.83 g); the
 * others are their 90-day amounts over 90 days.
 */
export const DAY_UNITS: Record<MedicalLimit, number> = {
  tier1: forms.tier1.dayUnit,
  tier2: (forms.tier2.ninetyDays * GRAMS_PER_OUNCE) / SUPPLY_DAYS,
  vape: forms.vape.ninetyDays / SUPPLY_DAYS,
  oral: forms.oral.ninetyDays / SUPPLY_DAYS,
  topical: forms.topical.ninetyDays / SUPPLY_DAYS,
}
/** MEDICAL_CAPS: per 90 days, grams of plant material (tiers) or grams of THC (the rest): 90 day units. */
export const MEDICAL_CAPS: Record<MedicalLimit, number> = {
  tier1: forms.tier1.dayUnit * SUPPLY_DAYS,
  tier2: forms.tier2.ninetyDays * GRAMS_PER_OUNCE,
  vape: forms.vape.ninetyDays,
  oral: forms.oral.ninetyDays,
  topical: forms.topical.ninetyDays,
}
/** TIER_I_MAX_THC: plant material testing at or below this THC % is Tier I, above it Tier II. */
export const TIER_I_MAX_THC = LAW.medical.tiers.tier1MaxThcPercent
/** ADULT_CAPS: per day, grams of plant material and milligrams of total THC in every other product. */
export const ADULT_CAPS: Record<AdultLimit, number> = {
  plant: LAW.adultUse.perDay.plantMaterial.amount * GRAMS_PER_OUNCE,
  thc: LAW.adultUse.perDay.totalThc.amount,
}
/** ADULT_UNITS: the unit of each adult-use limit. */
export const ADULT_UNITS: Record<AdultLimit, 'g' | 'mg'> = { plant: 'g', thc: 'mg' }

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

/**
 * adultUse is the part of an adult-use daily limit an item uses: grams of plant material, or
 * milligrams of total THC for every other product (weight × THC %: 1 g at 70 % is 700 mg).
 */
export function adultUse(item: CalcItem): Counted<AdultLimit> {
  switch (item.form) {
    case 'flower':
      return { limit: 'plant', used: item.amount }
    case 'vape':
    case 'extract':
      if (item.thc === null) return { limit: 'thc', used: item.amount * 1000, assumption: 'THC not given: the whole weight counted as THC' }
      return { limit: 'thc', used: item.amount * item.thc * 10 }
    case 'edible':
    case 'topical':
      return { limit: 'thc', used: item.amount }
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

/** medicalTotals adds up the items against the medical 90-day supply, in day units (2.83 g of Tier I is one day). */
export function medicalTotals(items: readonly CalcItem[]): MedicalResult {
  const shares = total(items.map(medicalUse), MEDICAL_CAPS)
  const days = shares.reduce((sum, s) => sum + s.used / DAY_UNITS[s.limit], 0)
  return { shares, supply: days / SUPPLY_DAYS, days, fill: days / FILL_DAYS }
}

/** adultTotals adds up the items against the adult-use daily limits. */
export function adultTotals(items: readonly CalcItem[]): Share<AdultLimit>[] {
  return total(items.map(adultUse), ADULT_CAPS)
}

/**
 * adultVisitsNeeded is the fewest purchases, on separate days, an adult-use basket takes under
 * the daily limits: 1 within them, else the largest share of a limit rounded up (a basket at
 * 230 % of the daily THC takes three days). A store sells one customer at most the daily
 * limits a day, so a basket over them cannot be one purchase.
 */
export function adultVisitsNeeded(items: readonly CalcItem[]): number {
  const most = Math.max(0, ...adultTotals(items).map((s) => s.share))
  return Math.max(1, Math.ceil(most - 1e-9))
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
