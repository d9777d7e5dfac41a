import type { AdultLimit, CalcItem, Form, MedicalLimit } from './limits'

/** FORMS are the calculator's forms: how each is named, measured, and whether its THC % matters (Tier I or II). */
export const FORMS: Record<Form, { label: string; unit: 'g' | 'mg THC'; thc: boolean }> = {
  flower: { label: 'Flower or pre-rolls', unit: 'g', thc: true },
  vape: { label: 'Vape (oil for vaporization)', unit: 'g', thc: true },
  extract: { label: 'Extract or concentrate', unit: 'g', thc: true },
  edible: { label: 'Edible, tincture or capsule', unit: 'mg THC', thc: false },
  topical: { label: 'Topical or patch', unit: 'mg THC', thc: false },
}

export const MEDICAL_LABEL: Record<MedicalLimit, string> = {
  tier1: 'Tier I plant material',
  tier2: 'Tier II plant material',
  vape: 'Oil for vaporization (THC)',
  oral: 'Oils, tinctures, capsules, edibles (THC)',
  topical: 'Topicals (THC)',
}

export const ADULT_LABEL: Record<AdultLimit, string> = { plant: 'Plant material, per day', thc: 'Total THC in all other products, per day' }

/** LimitItem is an item of the calculator, with its line on screen. */
export type LimitItem = CalcItem & { id: number; label: string }

/**
 * readItem checks an item typed into the calculator: an amount and, for the forms
 * it matters for, an optional THC %. It returns the item or what is wrong.
 */
export function readItem(form: Form, amount: string, thc: string, id: number): LimitItem | string {
  const value = Number(amount)
  const percent = thc.trim() === '' ? null : Number(thc)
  const { label, unit, thc: hasThc } = FORMS[form]
  if (!(value > 0) || value > 100_000) return `Amount: enter a positive number of ${unit}, got “${amount}”.`
  if (percent !== null && !(percent >= 0 && percent <= 100)) return `THC: enter a percentage from 0 to 100, got “${thc}”.`
  return {
    id,
    form,
    amount: value,
    thc: hasThc ? percent : null,
    label: `${label}, ${value} ${unit}${percent !== null && hasThc ? ` at ${percent}% THC` : ''}`,
  }
}
