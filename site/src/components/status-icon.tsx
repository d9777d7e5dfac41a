import type { Freshness } from '../lib/freshness'
import styles from './status-icon.module.css'

// One path per state; shapes differ (check, triangle, cross) so colour is never the only cue.
const ICONS: Record<Freshness, { className: string; shape: string; mark: string }> = {
  current: {
    className: styles.current ?? '',
    shape: 'M12 1.5a10.5 10.5 0 1 0 0 21 10.5 10.5 0 0 0 0-21Z',
    mark: 'm7 12.3 3.3 3.3L17.2 8.7',
  },
  stale: {
    className: styles.stale ?? '',
    shape: 'M12 2 1.5 21h21L12 2Z',
    mark: 'M12 9v5.5M12 17.2v.3',
  },
  missing: {
    className: styles.missing ?? '',
    shape: 'M12 1.5a10.5 10.5 0 1 0 0 21 10.5 10.5 0 0 0 0-21Z',
    mark: 'm8.2 8.2 7.6 7.6m0-7.6-7.6 7.6',
  },
}

/**
 * StatusIcon draws a freshness state as an image whose accessible name is the
 * state. Decorative icons (next to a visible label) are hidden from assistive tech.
 */
export function StatusIcon({ state, decorative = false }: { state: Freshness; decorative?: boolean }) {
  const icon = ICONS[state]
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': state }
  return (
    <svg className={`${styles.icon} ${icon.className}`} viewBox="0 0 24 24" focusable="false" {...a11y}>
      <path className={styles.shape} d={icon.shape} />
      <path className={styles.mark} d={icon.mark} />
    </svg>
  )
}
