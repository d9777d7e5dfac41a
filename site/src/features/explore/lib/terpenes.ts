import type { Terpene, TerpeneContent } from '../api/explore-schemas'

export type TerpeneEntry = TerpeneContent['terpenes'][number]

/** findTerpene is the guide's entry for a slug (its own or one of its aliases). */
export function findTerpene(content: TerpeneContent | undefined, slug: string): TerpeneEntry | undefined {
  return content?.terpenes.find((t) => t.slug === slug || (t.aliases ?? []).includes(slug))
}

/** amountText is how much of a terpene a product's menu lists: "0.8%", "2 mg", or that it gives none. */
export function amountText(p: Terpene['products'][number]): string {
  if (p.amount === null) return 'listed, no amount'
  return p.amountUnit === 'mg' ? `${p.amount} mg` : `${p.amount}%`
}
