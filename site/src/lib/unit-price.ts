import { formatCost } from './format'

/** Unit is how publish prices a quantity: per gram, or per 100 mg of THC (edibles). */
export type Unit = 'g' | '100mg'

const UNIT_LABEL: Record<Unit, string> = { g: 'g', '100mg': '100 mg THC' }

/**
 * formatUnitPrice shows a published unit price with its unit: "$10.29/g",
 * "$4.50/100 mg THC". Publish computes unit prices once (publish.unitPriceFor);
 * the site only shows them. Without one (weight or dose unknown) it says so.
 */
export function formatUnitPrice(unitPrice: number | null | undefined, unit: Unit | null | undefined): string {
  if (unitPrice == null || unit == null) return 'no unit price'
  return `${formatCost(unitPrice)}/${UNIT_LABEL[unit]}`
}

/** pricePaid is what a shopper pays: the sale price when there is one below the regular price. */
export function pricePaid(price: number, salePrice: number | null | undefined): number {
  return salePrice != null && isOnSale(price, salePrice) ? salePrice : price
}

/**
 * isOnSale tells whether an offer has a sale price below its regular price. A sale
 * price of 0 or less is none, as in publish (publish/testdata/price-vectors.json).
 */
export function isOnSale(price: number, salePrice: number | null | undefined): boolean {
  return salePrice != null && salePrice > 0 && salePrice < price
}

/** MARKET_LABEL names a market for shoppers: recreational sales are "adult use" in Ohio's law. */
export const MARKET_LABEL = { medical: 'Medical', recreational: 'Adult use' } as const
