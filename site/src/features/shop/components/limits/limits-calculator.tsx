import { useId, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { SelectField } from '../../../../components/select-field'
import { adultUse, medicalUse, type Form } from '../../lib/limits'
import { FORMS, itemFromWish, readItem, type LimitItem } from '../../lib/limits-items'
import { wishlistStore } from '../../lib/wishlist'
import styles from '../shop.module.css'
import { LimitShares } from './limit-shares'
import tables from '../../../../components/data-table.module.css'
import offers from '../../../../components/offers/offers.module.css'

/** LimitsCalculator adds up what a shopper plans to buy (typed in, or from the wishlist) against Ohio's limits. */
export function LimitsCalculator() {
  const [params] = useSearchParams()
  const wishlist = wishlistStore.use()
  const [items, setItems] = useState<LimitItem[]>(() => {
    const wanted = wishlist.find((w) => w.code === params.get('add'))
    const item = wanted ? itemFromWish(wanted, 1) : null
    return item ? [item] : []
  })
  const [nextId, setNextId] = useState(2)
  const [form, setForm] = useState<Form>('flower')
  const [amount, setAmount] = useState('')
  const [thc, setThc] = useState('')
  const [error, setError] = useState<string | null>(null)
  const formId = useId()
  const addable = wishlist.map((w) => ({ w, item: itemFromWish(w, 0) })).filter((x) => x.item)
  const addItem = (item: LimitItem) => {
    setItems([...items, { ...item, id: nextId }])
    setNextId(nextId + 1)
  }
  const add = (event: React.FormEvent) => {
    event.preventDefault()
    const item = readItem(form, amount, thc, nextId)
    if (typeof item === 'string') return setError(item)
    setError(null)
    addItem(item)
    setAmount('')
  }
  return (
    <section aria-labelledby="calc-heading" className="card" style={{ padding: '1rem' }}>
      <h2 id="calc-heading">Limits calculator</h2>
      <p>
        It counts amounts and THC, not money: the prices the site shows are the menus' prices without tax (the “≈ with tax” figures beside them add
        Ohio's taxes).
      </p>
      <form className={styles.form} aria-label="Add an item" onSubmit={add}>
        <SelectField
          className={styles.field}
          label="Form"
          value={form}
          choices={(Object.keys(FORMS) as Form[]).map((f) => [f, FORMS[f].label] as const)}
          onChange={setForm}
        />
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
        <p className={offers.row}>
          From your wishlist:{' '}
          {addable.map(({ w, item }) => (
            <button key={w.code} type="button" className="button button--secondary" onClick={() => addItem(item!)}>
              Add {w.name} ({w.size})
            </button>
          ))}
        </p>
      )}
      {items.length === 0 ? (
        <p>Add what you plan to buy to see the share of each limit it uses.</p>
      ) : (
        <>
          <h3>Items</h3>
          <ul aria-label="Items">
            {items.map((r) => {
              const m = medicalUse(r)
              const a = adultUse(r)
              return (
                <li key={r.id}>
                  {r.label}{' '}
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Remove ${r.label}`}
                    onClick={() => setItems(items.filter((x) => x.id !== r.id))}
                  >
                    Remove
                  </button>
                  {m.assumption && <span className={tables.sub}>Medical: {m.assumption}.</span>}
                  {a.assumption && <span className={tables.sub}>Adult use: {a.assumption}.</span>}
                </li>
              )
            })}
          </ul>
          <LimitShares items={items} />
        </>
      )}
    </section>
  )
}
