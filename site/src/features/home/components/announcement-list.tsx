import { useState } from 'react'
import type { Announcement } from '../api/home-schemas'
import styles from './announcement-list.module.css'

/**
 * AnnouncementList shows each announcement as an info banner with a dismiss
 * button. Dismissing hides it for this view only: nothing is stored, so it is
 * back on the next visit while it is still published.
 */
export function AnnouncementList({ announcements }: { announcements: readonly Announcement[] }) {
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(() => new Set())
  const visible = announcements.map((a, index) => ({ ...a, index })).filter((a) => !dismissed.has(a.index))
  if (visible.length === 0) return null
  return (
    <ul className={styles.list} aria-label="Announcements">
      {visible.map((announcement) => (
        <li key={announcement.index} className={styles.banner}>
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="10.5" fill="currentColor" />
            <path d="M12 10.5v6.5M12 7v.3" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
          <p className={styles.text}>{announcement.text}</p>
          <button
            type="button"
            className={styles.dismiss}
            aria-label={`Dismiss announcement: ${announcement.text}`}
            title="Dismiss"
            onClick={() => setDismissed((previous) => new Set(previous).add(announcement.index))}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  )
}
