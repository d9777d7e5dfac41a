import { useUpdateReady } from '../lib/update-ready'
import styles from './update-prompt.module.css'

/** UpdatePrompt offers a reload when a new deployment of the site is ready. */
export function UpdatePrompt() {
  const reload = useUpdateReady()
  if (!reload) return null
  return (
    <div className={styles.prompt} role="status">
      <p>A new version of this site is ready.</p>
      <button type="button" className="button" onClick={reload}>
        Reload
      </button>
    </div>
  )
}
