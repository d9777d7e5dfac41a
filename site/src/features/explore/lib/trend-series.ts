import type { Market } from '@/api/common-schemas'
import type { Trends } from '../api/explore-schemas'

/** TREND_CATEGORIES are the categories Trends charts, with the unit their price is per. */
export const TREND_CATEGORIES = [
  { category: 'Flower', unit: 'g' },
  { category: 'Vape', unit: 'g' },
  { category: 'Extract', unit: 'g' },
  { category: 'Edible', unit: '100mg' },
] as const

export type TrendCategory = (typeof TREND_CATEGORIES)[number]['category']

/** STATEWIDE is the region name publish gives the all-Ohio series. */
export const STATEWIDE = 'Ohio'

/**
 * priceSeries picks one category and market's weekly medians, one line per
 * region (all of Ohio first, then the regions by name), aligned on weeks.
 */
export function priceSeries(trends: Trends, category: TrendCategory, market: Market) {
  const chosen = trends.prices
    .filter((p) => p.category === category && p.market === market && p.points.length > 0)
    .sort((a, b) => (a.region === STATEWIDE ? -1 : b.region === STATEWIDE ? 1 : a.region.localeCompare(b.region)))
  return chosen.map((p) => {
    const byWeek = new Map(p.points.map((pt) => [pt.week, pt.median]))
    return { label: p.region, values: trends.weeks.map((w) => byWeek.get(w) ?? null) }
  })
}

/** countSeries turns weekly rows into aligned lines, one per field asked for. */
export function countSeries<R extends { week: string }>(
  weeks: readonly string[],
  rows: readonly R[],
  fields: readonly { key: keyof R; label: string }[],
) {
  const byWeek = new Map(rows.map((r) => [r.week, r]))
  return fields.map((f) => ({
    label: f.label,
    values: weeks.map((w) => {
      const v = byWeek.get(w)?.[f.key]
      return typeof v === 'number' ? v : null
    }),
  }))
}
