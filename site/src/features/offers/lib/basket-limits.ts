import type { BasketLine } from './basket'
import { formOf } from './limits'
import { FORMS, type LimitItem } from './limits-items'

// The basket as the limits count it, apart from the basket itself: the limits
// and their law file load with the Limits calculator and the planner only, not
// with the wishlist button every shopping screen has.

/**
 * limitItemOf is a line as the limits count it: a product's packages by their size
 * (grams, or mg of THC for edibles) times their number; null when the product's form
 * or size is unknown, so no limit can count it.
 */
export function limitItemOf(line: BasketLine): LimitItem | null {
  if (line.kind === 'typed')
    return { id: line.id, form: line.form, amount: line.amount, thc: FORMS[line.form].thc ? line.thc : null, label: line.label }
  const form = formOf(line.category)
  if (!form) return null
  const each = form === 'edible' ? line.mg : line.grams
  if (each == null) return null
  return { id: line.id, form, amount: each * line.quantity, thc: line.thc, label: `${line.quantity} × ${line.name} (${line.size})` }
}
