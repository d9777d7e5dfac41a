import { low90Words, saleLowWords, type SaleLow } from '@/lib/sale-low'
import styles from './offers.module.css'

/** SaleLowNote says, under a sale's price, what the offer cost before the sale (lib/sale-low.ts); nothing for an offer not on sale. */
export function SaleLowNote({ saleLow }: { saleLow: SaleLow | null | undefined }) {
  const words = saleLowWords(saleLow)
  if (words.length === 0) return null
  return (
    <span className={styles.saleLow} data-sale-low="">
      {words.map((w) => (
        <span key={w}>{w}</span>
      ))}
    </span>
  )
}

/** Low90Note is a product page's 90-day low for one store's offer, marking today's price paid when it is that low. */
export function Low90Note({ low90, paid }: { low90: number | null | undefined; paid: number }) {
  const words = low90Words(low90, paid)
  return words ? (
    <span className={styles.saleLow} data-low90="">
      {words}
    </span>
  ) : null
}
