import { useId, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { PageTitle } from '../components/page-title'
import styles from '../components/shop/shop.module.css'
import { Spinner } from '../components/spinner'
import {
  adultTotals,
  adultUse,
  formatPercent,
  formOf,
  medicalTotals,
  medicalUse,
  ADULT_CAPS,
  FILL_DAYS,
  MEDICAL_CAPS,
  SUPPLY_DAYS,
  type AdultLimit,
  type CalcItem,
  type Form,
  type MedicalLimit,
  type Share,
} from '../lib/limits'
import { useHydrated } from '../lib/local-store'
import { ADULT_RULES, LIMITS_AS_OF, MEDICAL_NOTES, MEDICAL_RULES, PRIMARY_TEXTS, SOURCES, UNCERTAIN } from '../lib/ohio-limits'
import { wishlistStore, type WishItem } from '../lib/wishlist'

const FORMS: Record<Form, { label: string; unit: 'g' | 'mg THC'; thc: boolean }> = {
  flower: { label: 'Flower or pre-rolls', unit: 'g', thc: true },
  vape: { label: 'Vape (oil for vaporization)', unit: 'g', thc: true },
  extract: { label: 'Extract or concentrate', unit: 'g', thc: true },
  edible: { label: 'Edible, tincture or capsule', unit: 'mg THC', thc: false },
  topical: { label: 'Topical or patch', unit: 'mg THC', thc: false },
}
const MEDICAL_LABEL: Record<MedicalLimit, string> = {
  tier1: 'Tier I plant material',
  tier2: 'Tier II plant material',
  vape: 'Oil for vaporization (THC)',
  oral: 'Oils, tinctures, capsules, edibles (THC)',
  topical: 'Topicals (THC)',
}
const ADULT_LABEL: Record<AdultLimit, string> = { plant: 'Plant material, per day', extract: 'Extract, per day' }

type Row = CalcItem & { id: number; label: string }

function itemFromWish(item: WishItem, id: number): Row | null {
  const form = formOf(item.category)
  if (!form) return null
  const amount = form === 'edible' ? item.mg : item.grams
  if (amount == null) return null
  return { id, form, amount, thc: item.thc, label: `${item.name} (${item.size})` }
}

function Sources({ tags }: { tags: readonly string[] }) {
  return (
    <span className={styles.sub}>
      Sources:{' '}
      {tags.map((tag, i) => (
        <span key={tag}>
          {i > 0 && ', '}
          <a href={`#source-${tag}`}>{tag}</a>
        </span>
      ))}
    </span>
  )
}

/** LimitsRoute (/dispensary-limits): Ohio's purchase limits, their sources, and a calculator. */
export function LimitsRoute() {
  const hydrated = useHydrated()
  return (
    <>
      <PageTitle screen="Dispensary Limits" />
      <h1>Dispensary Limits</h1>
      <p className="notice notice--warning" role="note">
        <strong>Not legal advice.</strong> A plain-language summary of public reporting, with its sources; some rules are uncertain (listed below).
        Your dispensary's system has the final word on what you may buy. {LIMITS_AS_OF}
      </p>
      {hydrated ? <Calculator /> : <Spinner label="Loading the limits calculator" />}
      <section aria-labelledby="medical-heading">
        <h2 id="medical-heading">Medical patients: the 90-day supply</h2>
        <table className={styles.table}>
          <caption className="visually-hidden">Medical allowances per 90 days</caption>
          <thead>
            <tr>
              <th scope="col">Form</th>
              <th scope="col">Most per 90 days</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {MEDICAL_RULES.map((r) => (
              <tr key={r.form}>
                <th scope="row">{r.form}</th>
                <td>{r.limit}</td>
                <td>
                  <Sources tags={r.sources} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul>
          {MEDICAL_NOTES.map((n) => (
            <li key={n.text}>
              {n.text} <Sources tags={n.sources} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="adult-heading">
        <h2 id="adult-heading">Adult use (21 and over)</h2>
        <dl className={styles.facts}>
          {ADULT_RULES.map((r) => (
            <div key={r.item} style={{ display: 'contents' }}>
              <dt>{r.item}</dt>
              <dd>
                {r.rule} <Sources tags={r.sources} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="uncertain-heading">
        <h2 id="uncertain-heading">What is uncertain</h2>
        <ul>
          {UNCERTAIN.map((u) => (
            <li key={u.text}>
              {u.text} <Sources tags={u.sources} />
            </li>
          ))}
        </ul>
        <p>Check before relying on any figure: {PRIMARY_TEXTS}</p>
      </section>
      <section aria-labelledby="sources-heading">
        <h2 id="sources-heading">Sources</h2>
        <ul>
          {Object.values(SOURCES).map((s) => (
            <li key={s.tag} id={`source-${s.tag}`}>
              [{s.tag}] <a href={s.url}>{s.url}</a>
              {s.note && ` (${s.note})`}
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}

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

function Calculator() {
  const [params] = useSearchParams()
  const wishlist = wishlistStore.use()
  const [rows, setRows] = useState<Row[]>(() => {
    const wanted = wishlist.find((w) => w.code === params.get('add'))
    const row = wanted ? itemFromWish(wanted, 1) : null
    return row ? [row] : []
  })
  const [nextId, setNextId] = useState(2)
  const [form, setForm] = useState<Form>('flower')
  const [amount, setAmount] = useState('')
  const [thc, setThc] = useState('')
  const [error, setError] = useState<string | null>(null)
  const formId = useId()
  const addable = wishlist.map((w) => ({ w, row: itemFromWish(w, 0) })).filter((x) => x.row)

  const add = (event: React.FormEvent) => {
    event.preventDefault()
    const value = Number(amount)
    const percent = thc.trim() === '' ? null : Number(thc)
    if (!(value > 0) || value > 100_000) return setError(`Amount: enter a positive number of ${FORMS[form].unit}, got “${amount}”.`)
    if (percent !== null && !(percent >= 0 && percent <= 100)) return setError(`THC: enter a percentage from 0 to 100, got “${thc}”.`)
    setError(null)
    setRows([
      ...rows,
      {
        id: nextId,
        form,
        amount: value,
        thc: FORMS[form].thc ? percent : null,
        label: `${FORMS[form].label}, ${value} ${FORMS[form].unit}${percent !== null && FORMS[form].thc ? ` at ${percent}% THC` : ''}`,
      },
    ])
    setNextId(nextId + 1)
    setAmount('')
  }
  const medical = medicalTotals(rows)
  const adult = adultTotals(rows)
  return (
    <section aria-labelledby="calc-heading" className="card" style={{ padding: '1rem' }}>
      <h2 id="calc-heading">Limits calculator</h2>
      <form className={styles.form} aria-label="Add an item" onSubmit={add}>
        <label className={styles.field}>
          Form
          <select value={form} onChange={(e) => setForm(e.target.value as Form)}>
            {(Object.keys(FORMS) as Form[]).map((f) => (
              <option key={f} value={f}>
                {FORMS[f].label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Amount ({FORMS[form].unit})
          <input
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-describedby={error ? `${formId}-error` : undefined}
          />
        </label>
        {FORMS[form].thc && (
          <label className={styles.field}>
            THC % (optional)
            <input inputMode="decimal" value={thc} onChange={(e) => setThc(e.target.value)} />
          </label>
        )}
        <div>
          <button type="submit" className="button">
            Add item
          </button>
        </div>
        {error && (
          <p id={`${formId}-error`} className={`notice notice--error ${styles.wide}`} role="alert">
            {error}
          </p>
        )}
      </form>
      {addable.length > 0 && (
        <p className={styles.row}>
          From your wishlist:{' '}
          {addable.map(({ w, row }) => (
            <button
              key={w.code}
              type="button"
              className="button button--secondary"
              onClick={() => {
                setRows([...rows, { ...row!, id: nextId }])
                setNextId(nextId + 1)
              }}
            >
              Add {w.name} ({w.size})
            </button>
          ))}
        </p>
      )}
      {rows.length === 0 ? (
        <p>Add what you plan to buy to see the share of each limit it uses.</p>
      ) : (
        <>
          <h3>Items</h3>
          <ul aria-label="Items">
            {rows.map((r) => {
              const m = medicalUse(r)
              const a = adultUse(r)
              return (
                <li key={r.id}>
                  {r.label}{' '}
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Remove ${r.label}`}
                    onClick={() => setRows(rows.filter((x) => x.id !== r.id))}
                  >
                    Remove
                  </button>
                  {m.assumption && <span className={styles.sub}>Medical: {m.assumption}.</span>}
                  {a.assumption && <span className={styles.sub}>Adult use: {a.assumption}.</span>}
                </li>
              )
            })}
          </ul>
          <h3>Adult use: share of the daily limits</h3>
          <table className={styles.table} aria-label="Adult-use limits used">
            <tbody>
              <ShareRows shares={adult} labels={ADULT_LABEL} />
            </tbody>
          </table>
          <p className={styles.sub}>
            Limits: {ADULT_CAPS.plant.toFixed(2)} g (2.5 oz) of plant material and {ADULT_CAPS.extract} g of extract.
          </p>
          <h3>Medical: share of the 90-day supply</h3>
          <table className={styles.table} aria-label="Medical allowances used">
            <tbody>
              <ShareRows shares={medical.shares} labels={MEDICAL_LABEL} />
            </tbody>
          </table>
          <p>
            Together (forms share one supply): <strong data-testid="medical-supply">{formatPercent(medical.supply)}</strong> of a 90-day supply, about{' '}
            <strong>{medical.days.toFixed(1)} days</strong>, which is <strong>{formatPercent(medical.fill)}</strong> of one {FILL_DAYS}-day fill
            period.
            {medical.fill > 1 && ' More than one fill period: it cannot be bought at once.'}
          </p>
          <p className={styles.sub}>
            Allowances per {SUPPLY_DAYS} days: Tier I {MEDICAL_CAPS.tier1.toFixed(1)} g, Tier II {MEDICAL_CAPS.tier2.toFixed(1)} g of plant material;{' '}
            {MEDICAL_CAPS.vape} g, {MEDICAL_CAPS.oral} g and {MEDICAL_CAPS.topical} g of THC.
          </p>
        </>
      )}
    </section>
  )
}
