import { useId } from 'react'
import styles from './account.module.css'

/** TextField is a labelled input with its error message right under it, tied to it for screen readers. */
export function TextField({
  label,
  error,
  ...input
}: { label: string; error: string | undefined } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  )
}
