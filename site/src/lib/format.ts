// One formatter for the whole page: with no arguments Intl.DateTimeFormat
// formats exactly like Date.prototype.toLocaleDateString(), but building it
// once keeps a 1,500-tile status page from creating 1,500 formatters.
// Each is built on first use, not when this module loads: building one costs
// tens of milliseconds on a slow phone, and a page that shows no date and time
// (most, and the status page until api/pipeline arrives) never needs the second.
let localeDate: Intl.DateTimeFormat | undefined
let localeDateTime: Intl.DateTimeFormat | undefined

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
  localeDate ??= new Intl.DateTimeFormat()
  return localeDate.format(ms)
}

/** formatLocaleDateTime shows date and time in the viewer's locale, e.g. "Jul 1, 2026, 8:00 AM". */
export function formatLocaleDateTime(ms: number): string {
  localeDateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
  return localeDateTime.format(ms)
}

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/**
 * formatAge says how long ago a time was, for a menu's or a run's last update:
 * "just now", "25 min ago", "30 h ago" (hours up to two days, so the 16 h and
 * 36 h freshness limits read plainly), "3 days ago"; "never" when there is no
 * time. A time in the future (clock skew) reads "just now". Pure: the caller
 * passes now (useNow), so tests fix it.
 */
export function formatAge(ms: number | null, nowMs: number): string {
  if (ms === null || !Number.isFinite(ms)) return 'never'
  const age = nowMs - ms
  if (age < MINUTE_MS) return 'just now'
  if (age < HOUR_MS) return `${Math.floor(age / MINUTE_MS)} min ago`
  const hours = Math.floor(age / HOUR_MS)
  if (hours < 48) return `${hours} h ago`
  return `${Math.floor(hours / 24)} days ago`
}

/** normalize lower-cases and strips accents, so "akron" finds "Akron" and "cafe" finds "Café". */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/**
 * formatPotency writes a THC (or CBD) figure in the unit publish gives beside it (its `potencyUnit`):
 * "24.1%", or "100 mg" for an edible's total THC. A figure whose menu gave no unit says so rather
 * than guess one.
 */
export function formatPotency(value: number, unit: string | null | undefined): string {
  if (unit === '%') return `${value}%`
  if (unit) return `${value} ${unit}`
  return `${value} (unit not given)`
}
