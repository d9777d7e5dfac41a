// One formatter for the whole page: with no arguments Intl.DateTimeFormat
// formats exactly like Date.prototype.toLocaleDateString(), but building it
// once keeps a 1,500-tile status page from creating 1,500 formatters.
const localeDate = new Intl.DateTimeFormat()
const localeDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * formatCost shows a price to 2 decimals with its dollar sign: 26.6 → "$26.60".
 * It rounds the decimal number as written (1.005 → "$1.01"), which plain
 * toFixed gets wrong for values binary floating point cannot hold exactly.
 */
export function formatCost(cost: number): string {
  const cents = Math.round(Number(`${cost}e2`))
  const rounded = Number.isFinite(cents) ? cents / 100 : cost
  return `$${rounded.toFixed(2)}`
}

/** formatLocaleDate is Date#toLocaleDateString() for an epoch-ms time. */
export function formatLocaleDate(ms: number): string {
  return localeDate.format(ms)
}

/** formatLocaleDateTime shows date and time in the viewer's locale, e.g. "Jul 1, 2026, 8:00 AM". */
export function formatLocaleDateTime(ms: number): string {
  return localeDateTime.format(ms)
}
