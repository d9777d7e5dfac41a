import { useEffect, useState } from 'react'
import styles from './app-layout.module.css'

/** SCROLL_BUTTON_AFTER_PX is how far the page must be scrolled before the button shows (docs/specification.md §9). */
export const SCROLL_BUTTON_AFTER_PX = 50

/** ScrollToTopButton appears once the page is scrolled past 50px and takes the visitor back up. */
export function ScrollToTopButton() {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const update = () => setShown(window.scrollY > SCROLL_BUTTON_AFTER_PX)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  if (!shown) return null
  return (
    <button
      type="button"
      className={styles.scrollTop}
      aria-label="Scroll to top"
      onClick={() => {
        const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
        window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' })
        document.getElementById('main')?.focus({ preventScroll: true })
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 19V5m-6 6 6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  )
}
