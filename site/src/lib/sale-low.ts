import type { SaleLow } from '../api/common-schemas'
import { formatCost } from './format'

export type { SaleLow } from '../api/common-schemas'

/** NOT_CHARGED is what a sale says when its struck regular price was not charged in the 30 days before it (SNAPSHOTS.md, Lows). */
export const NOT_CHARGED = 'regular price not charged in the last 30 days'

/**
 * saleLowWords are the lines an offer on sale shows under its price: the lowest price of the 30 days
 * before the sale, that the regular price was not charged then, and how long omc has seen the offer
 * when that is less than the 30 days. Nothing for an offer not on sale (no saleLow).
 */
export function saleLowWords(s: SaleLow | null | undefined): string[] {
  if (!s) return []
  const out: string[] = []
  if (s.low !== null) out.push(`lowest in the 30 days before: ${formatCost(s.low)}`)
  if (!s.regularCharged) out.push(NOT_CHARGED)
  if (s.daysSeen !== null) out.push(`seen by omc for ${s.daysSeen} ${s.daysSeen === 1 ? 'day' : 'days'}`)
  return out
}

/** low90Words is the 90-day low a product page shows for a store's offer, marking today's price paid when it is that low. */
export function low90Words(low90: number | null | undefined, paid: number): string | null {
  if (low90 === null || low90 === undefined) return null
  return paid <= low90 ? `lowest in 90 days: ${formatCost(low90)} (today’s price)` : `lowest in 90 days: ${formatCost(low90)}`
}

/** saleLowsByOffer indexes a file's saleLows list by its offers' indexes. */
export function saleLowsByOffer(list: readonly (SaleLow & { offer: number })[] | undefined): Map<number, SaleLow> {
  const m = new Map<number, SaleLow>()
  for (const { offer, low, regularCharged, daysSeen } of list ?? []) m.set(offer, { low, regularCharged, daysSeen })
  return m
}
