import { useState, type ChangeEvent } from 'react'
import type { FieldErrors } from './account-validation'

/**
 * useAccountForm keeps an account form's values and the errors found in them,
 * by field name; field(name) is what its TextField needs (value, error, onChange).
 */
export function useAccountForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors<K>>({})
  const field = (name: K) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: event.target.value })),
  })
  /** check sets the errors found and tells whether there are none. */
  const check = (found: FieldErrors<K>) => {
    setErrors(found)
    return Object.keys(found).length === 0
  }
  return { values, field, check }
}
