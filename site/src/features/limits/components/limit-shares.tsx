import {
  adultTotals,
  medicalTotals,
  ADULT_CAPS,
  ADULT_UNITS,
  DAY_UNITS,
  FILL_DAYS,
  formatPercent,
  MEDICAL_CAPS,
  SUPPLY_DAYS,
  type CalcItem,
  type Share,
} from '@/features/offers/lib/limits'
import { ADULT_LABEL, MEDICAL_LABEL } from '@/features/offers/lib/limits-items'
import { LAW } from '@/features/offers/lib/ohio-limits'

// Days of supply: "1 day" when the items make whole days (2.83 g of Tier I), else "about 1.4 days".
function formatDays(days: number): string {
  const whole = Math.round(days)
  if (Math.abs(days - whole) < 1e-9) return `${whole} ${whole === 1 ? 'day' : 'days'}`
  return `about ${days.toFixed(1)} days`
}
import styles from '@/features/offers/components/shop.module.css'
import tables from '@/components/data-table.module.css'

function Meter({ share }: { share: number }) {
  return (
    <span className={styles.meter} aria-hidden="true">
      <span className={`${styles.meterFill} ${share > 1 ? styles.meterOver : ''}`} style={{ width: `${Math.min(100, share * 100)}%` }} />
    </span>
  )
}

// Amounts in their limit's unit: grams to 2 decimals, milligrams whole.
const amount = (value: number, unit: string) => (unit === 'mg' ? `${Math.round(value).toLocaleString('en-US')} mg` : `${value.toFixed(2)} ${unit}`)

function ShareRows<L extends string>({ shares, labels, units }: { shares: Share<L>[]; labels: Record<L, string>; units: (limit: L) => string }) {
  return shares.map((s) => (
    <tr key={s.limit}>
      <th scope="row">{labels[s.limit]}</th>
      <td>
        {amount(s.used, units(s.limit))} of {amount(s.cap, units(s.limit))}
      </td>
      <td>
        <strong>{formatPercent(s.share)}</strong>
        {s.share > 1 && ' (over the limit)'}
        <Meter share={s.share} />
      </td>
    </tr>
  ))
}

/** LimitShares shows the share of each adult-use daily limit and of the medical 90-day supply that items use. */
export function LimitShares({ items }: { items: readonly CalcItem[] }) {
  const medical = medicalTotals(items)
  return (
    <>
      <h3>Adult use: share of the daily limits</h3>
      <table className={tables.table} aria-label="Adult-use limits used">
        <tbody>
          <ShareRows shares={adultTotals(items)} labels={ADULT_LABEL} units={(l) => ADULT_UNITS[l]} />
        </tbody>
      </table>
      <p className={tables.sub}>
        Limits per day (OAC 1301:18-8-08(A)(2)): {ADULT_CAPS.plant.toFixed(2)} g ({LAW.adultUse.perDay.plantMaterial.amount} oz) of plant material,
        and {ADULT_CAPS.thc.toLocaleString('en-US')} mg of total THC in everything else: vapes and extracts count by weight × THC %, edibles by their
        mg of THC.
      </p>
      <h3>Medical: share of the 90-day supply</h3>
      <table className={tables.table} aria-label="Medical allowances used">
        <tbody>
          <ShareRows shares={medical.shares} labels={MEDICAL_LABEL} units={(l) => (l === 'tier1' || l === 'tier2' ? 'g' : 'g THC')} />
        </tbody>
      </table>
      <p>
        Together (forms share one supply): <strong data-testid="medical-supply">{formatPercent(medical.supply)}</strong> of a 90-day supply,{' '}
        <strong>{formatDays(medical.days)}</strong>, which is <strong>{formatPercent(medical.fill)}</strong> of one {FILL_DAYS}-day fill period.
        {medical.fill > 1 && ' More than one fill period: it cannot be bought at once.'}
      </p>
      <p className={tables.sub}>
        Allowances per {SUPPLY_DAYS} days: Tier I {MEDICAL_CAPS.tier1.toFixed(1)} g ({DAY_UNITS.tier1} g a day), Tier II{' '}
        {MEDICAL_CAPS.tier2.toFixed(1)} g of plant material; {MEDICAL_CAPS.vape} g, {MEDICAL_CAPS.oral} g and {MEDICAL_CAPS.topical} g of THC.
      </p>
    </>
  )
}
