import {
  adultTotals,
  medicalTotals,
  ADULT_CAPS,
  FILL_DAYS,
  formatPercent,
  MEDICAL_CAPS,
  SUPPLY_DAYS,
  type CalcItem,
  type Share,
} from '../../lib/limits'
import { ADULT_LABEL, MEDICAL_LABEL } from '../../lib/limits-items'
import styles from '../shop.module.css'
import tables from '../../../../components/data-table.module.css'

function Meter({ share }: { share: number }) {
  return (
    <span className={styles.meter} aria-hidden="true">
      <span className={`${styles.meterFill} ${share > 1 ? styles.meterOver : ''}`} style={{ width: `${Math.min(100, share * 100)}%` }} />
    </span>
  )
}

function ShareRows<L extends string>({ shares, labels }: { shares: Share<L>[]; labels: Record<L, string> }) {
  return shares.map((s) => (
    <tr key={s.limit}>
      <th scope="row">{labels[s.limit]}</th>
      <td>
        {s.used.toFixed(2)} g of {s.cap.toFixed(2)} g
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
          <ShareRows shares={adultTotals(items)} labels={ADULT_LABEL} />
        </tbody>
      </table>
      <p className={tables.sub}>
        Limits: {ADULT_CAPS.plant.toFixed(2)} g (2.5 oz) of plant material and {ADULT_CAPS.extract} g of extract.
      </p>
      <h3>Medical: share of the 90-day supply</h3>
      <table className={tables.table} aria-label="Medical allowances used">
        <tbody>
          <ShareRows shares={medical.shares} labels={MEDICAL_LABEL} />
        </tbody>
      </table>
      <p>
        Together (forms share one supply): <strong data-testid="medical-supply">{formatPercent(medical.supply)}</strong> of a 90-day supply, about{' '}
        <strong>{medical.days.toFixed(1)} days</strong>, which is <strong>{formatPercent(medical.fill)}</strong> of one {FILL_DAYS}-day fill period.
        {medical.fill > 1 && ' More than one fill period: it cannot be bought at once.'}
      </p>
      <p className={tables.sub}>
        Allowances per {SUPPLY_DAYS} days: Tier I {MEDICAL_CAPS.tier1.toFixed(1)} g, Tier II {MEDICAL_CAPS.tier2.toFixed(1)} g of plant material;{' '}
        {MEDICAL_CAPS.vape} g, {MEDICAL_CAPS.oral} g and {MEDICAL_CAPS.topical} g of THC.
      </p>
    </>
  )
}
