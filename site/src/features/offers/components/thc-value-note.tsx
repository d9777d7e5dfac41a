import { countNoThcValue, noThcValueText, type ThcValue } from '../lib/thc-value'
import styles from './shop.module.css'

/**
 * ThcValueNote heads a list sorted by price per 100 mg THC (Menus, Deals): how the THC of a
 * package is found, and how many offers have none and are listed last, and why.
 */
export function ThcValueNote({ values, what }: { values: Iterable<ThcValue>; what: 'offers' | 'deals' }) {
  const none = noThcValueText(countNoThcValue(values), what)
  return (
    <p className={styles.summary} data-testid="thc-value-note">
      By price per 100 mg THC, across flower, prerolls, vapes, extracts and edibles: the THC of a package is its weight × its THC %, the THC in mg its
      menu gives, or an edible's labelled dose. {none || `Every one of these ${what} has a THC figure.`}
    </p>
  )
}
