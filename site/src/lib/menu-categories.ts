import type { Market } from '../api/common-schemas'
import type { MarketStatus } from '../api/dispensary-status'
import { MARKET_LABEL } from './unit-price'

/** MenuCategory names one of the five tracked product categories and its fields in a market status. */
export type MenuCategory = {
  label: 'Flower' | 'Preroll' | 'Vape' | 'Extract' | 'Edible'
  dateField: 'lastFlower' | 'lastPreroll' | 'lastVape' | 'lastExtract' | 'lastEdible'
  countField: 'lastFlowerCount' | 'lastPrerollCount' | 'lastVapeCount' | 'lastExtractCount' | 'lastEdibleCount'
}

/** MENU_CATEGORIES lists the tiles of a market row in the order the status page shows them. */
export const MENU_CATEGORIES: readonly MenuCategory[] = [
  { label: 'Flower', dateField: 'lastFlower', countField: 'lastFlowerCount' },
  { label: 'Preroll', dateField: 'lastPreroll', countField: 'lastPrerollCount' },
  { label: 'Vape', dateField: 'lastVape', countField: 'lastVapeCount' },
  { label: 'Extract', dateField: 'lastExtract', countField: 'lastExtractCount' },
  { label: 'Edible', dateField: 'lastEdible', countField: 'lastEdibleCount' },
]

/** marketLabel is the display name of a market: one word on every screen (MARKET_LABEL, Ohio law's "adult use"). */
export function marketLabel(market: Market): string {
  return MARKET_LABEL[market]
}

/** lastUpdate reads one category's date out of a market status. */
export function lastUpdate(status: MarketStatus, category: MenuCategory): string | null {
  return status[category.dateField]
}

/** productCount reads one category's count; undefined when publish did not know it (-1 or less). */
export function productCount(status: MarketStatus, category: MenuCategory): number | undefined {
  const count = status[category.countField]
  return count > -1 ? count : undefined
}
