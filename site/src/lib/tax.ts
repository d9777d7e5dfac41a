import { tax } from '../../../data/law/ohio-limits.json'

// "≈ $X with tax": about what a shopper pays at the counter for a menu price. The
// rates are data/law/ohio-limits.json's (the file omc publish reads too): the
// adult-use excise tax from there, the store's county sales tax rate (state and
// county) as publish gives it on each store (salesTaxPercent). Both taxes are a share
// of the menu price, added (the file's tax.base says why); an estimate, never the menu's price.

/** ADULT_USE_EXCISE_PERCENT is the excise tax on adult-use sales (ORC 3796.40(B)); medical sales pay none. */
export const ADULT_USE_EXCISE_PERCENT: number = tax.adultUseExcise.percent

/** TAX_AS_OF is the date of the newest rate change the county rates include. */
export const TAX_AS_OF: string = tax.asOf

/**
 * taxRatePercent is the total tax on a sale in the market at a store whose county
 * sales tax rate is salesTaxPercent: excise plus sales tax for adult use, sales tax
 * alone for medical; null when the store's rate is unknown.
 */
export function taxRatePercent(market: 'medical' | 'recreational', salesTaxPercent: number | null | undefined): number | null {
  if (salesTaxPercent == null || !Number.isFinite(salesTaxPercent)) return null
  return salesTaxPercent + (market === 'recreational' ? ADULT_USE_EXCISE_PERCENT : 0)
}

/** withTax is price with the market's taxes at the store's rate, to the cent; null when the rate is unknown. */
export function withTax(price: number, market: 'medical' | 'recreational', salesTaxPercent: number | null | undefined): number | null {
  const rate = taxRatePercent(market, salesTaxPercent)
  if (rate === null) return null
  // In cents first: 50 × 117.5 = 5875 cents exactly, where 50 × 1.175 is 58.750000000000007.
  return Math.round(price * (100 + rate)) / 100
}
