import styles from './spinner.module.css'

/** Spinner is a labelled loading indicator; label is both its tooltip and its accessible name. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className={styles.spinner} role="status" aria-label={label} title={label}>
      <span className={styles.ring} aria-hidden="true" />
    </div>
  )
}
