import { useId, useState } from 'react'
import { SelectField } from '@/components/select-field'
import { adultUse, medicalUse, type Form } from '@/features/offers/lib/limits'
import { addPackage, addTyped, basketStore, removeLine } from '@/features/offers/lib/basket'
import { limitItemOf } from '@/features/offers/lib/basket-limits'
import { FORMS, readItem } from '@/features/offers/lib/limits-items'
import { wishlistStore } from '@/features/offers/lib/wishlist'
import styles from '@/features/offers/components/shop.module.css'
import { LimitShares } from './limit-shares'
import tables from '@/components/data-table.module.css'
import offers from '@/components/offers/offers.module.css'

/** LimitsCalculator adds up what a shopper plans to buy (typed in, or from the wishlist) against Ohio's limits. */
export function LimitsCalculator() {
  const wishlist = wishlistStore.use()
  const basket = basketStore.use()
  const [form, setForm] = useState<Form>('flower')
  const [amount, setAmount] = useState('')
  const [thc, setThc] = useState('')
  const [error, setError] = useState<string | null>(null)
  const formId = useId()
  const addable = wishlist.filter((w) => limitItemOf({ kind: 'product', id: 0, ...w, quantity: 1 }))
  // A saved product the shopper set to 0 packages (left out of the planner) is not in the basket here.
  const lines = basket.lines.filter((l) => l.kind === 'typed' || l.quantity > 0).map((line) => ({ line, item: limitItemOf(line) }))
  const items = lines.flatMap(({ item }) => (item ? [item] : []))
  const add = (event: React.FormEvent) => {
    event.preventDefault()
    const item = readItem(form, amount, thc, 0)
    if (typeof item === 'string') return setError(item)
    setError(null)
    addTyped({ form: item.form, amount: item.amount, thc: item.thc, label: item.label })
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
          {addable.map((w) => (
            <button key={w.code} type="button" className="button button--secondary" onClick={() => addPackage(w)}>
              Add {w.name} ({w.size})
            </button>
          ))}
        </p>
      )}
      {lines.length === 0 ? (
        <p>Add what you plan to buy to see the share of each limit it uses.</p>
      ) : (
        <>
          <h3>Items</h3>
          <p className={tables.sub}>Your basket, shared with the Wishlist's planner and kept in this browser.</p>
          <ul aria-label="Items">
            {lines.map(({ line, item }) => {
              const label = item?.label ?? (line.kind === 'product' ? `${line.quantity} × ${line.name} (${line.size})` : line.label)
              const m = item && medicalUse(item)
              const a = item && adultUse(item)
              return (
                <li key={line.id}>
                  {label}{' '}
                  <button type="button" className="button button--secondary" aria-label={`Remove ${label}`} onClick={() => removeLine(line.id)}>
                    Remove
                  </button>
                  {!item && <span className={tables.sub}>Not counted: its size or product type is not one the limits count.</span>}
                  {m?.assumption && <span className={tables.sub}>Medical: {m.assumption}.</span>}
                  {a?.assumption && <span className={tables.sub}>Adult use: {a.assumption}.</span>}
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
