import { useEffect, useRef, useState } from 'react'
import { dismissToast, TOAST_DURATION_MS, useToasts, type Toast } from '../lib/toast-store'
import styles from './toaster.module.css'

/** useWindowFocused is false while the browser window has lost focus. */
function useWindowFocused(): boolean {
  const [focused, setFocused] = useState(true)
  useEffect(() => {
    const onBlur = () => setFocused(false)
    const onFocus = () => setFocused(true)
    window.addEventListener('blur', onBlur)
    window.addEventListener('focus', onFocus)
    return () => {
      window.removeEventListener('blur', onBlur)
      window.removeEventListener('focus', onFocus)
    }
  }, [])
  return focused
}

/**
 * Toaster shows the toasts at the bottom right. Each closes after 5000 ms; the
 * time stops running while the pointer is over it or keyboard focus is in it
 * and while the window has lost focus, and goes on from where it stopped.
 * Errors are announced at once (role alert), other toasts politely.
 */
export function Toaster() {
  const toasts = useToasts()
  const windowFocused = useWindowFocused()
  return (
    <section className={styles.region} aria-label="Notifications">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} paused={!windowFocused} />
      ))}
    </section>
  )
}

function ToastItem({ toast, paused }: { toast: Toast; paused: boolean }) {
  const [hovered, setHovered] = useState(false)
  const [focusWithin, setFocusWithin] = useState(false)
  const remaining = useRef(TOAST_DURATION_MS)
  const stopped = paused || hovered || focusWithin

  useEffect(() => {
    if (stopped) return
    const started = Date.now()
    const timer = window.setTimeout(() => dismissToast(toast.id), remaining.current)
    return () => {
      window.clearTimeout(timer)
      remaining.current = Math.max(0, remaining.current - (Date.now() - started))
    }
  }, [stopped, toast.id])

  return (
    <div
      className={`${styles.toast} ${toast.kind === 'error' ? styles.error : styles.success}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-paused={stopped || undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocusWithin(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusWithin(false)
      }}
    >
      <div className={styles.text}>
        <p className={styles.message}>{toast.message}</p>
        {toast.detail && <p className={styles.detail}>{toast.detail}</p>}
      </div>
      <button type="button" className={styles.close} aria-label="Close notification" onClick={() => dismissToast(toast.id)}>
        ×
      </button>
    </div>
  )
}
