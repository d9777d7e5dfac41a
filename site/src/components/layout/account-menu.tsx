import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { routes } from '@/config/routes'
import { useAuth } from '@/lib/auth'
import styles from './account-menu.module.css'

/**
 * AccountMenu is the top bar's account entry: nothing when sign-in is not
 * configured, a reserved space while the provider has not reported, a Sign in
 * link when signed out, and when signed in a menu button with the user's name
 * opening Profile and Sign out.
 */
export function AccountMenu() {
  const { status, user, busy, signOut } = useAuth()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  // Any navigation closes the menu: set while rendering the new path (React's way to
  // adjust state to a changed input), not in an effect after it painted open.
  const [shownOn, setShownOn] = useState(pathname)
  if (shownOn !== pathname) {
    setShownOn(pathname)
    setOpen(false)
  }
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false)
        buttonRef.current?.focus()
      }
    }
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  if (status === 'unconfigured') return null
  if (status === 'loading') return <span className={styles.placeholder} aria-hidden="true" />
  if (status !== 'signed-in' || !user) {
    return (
      <Link className={styles.signIn} to={routes.signIn.path}>
        Sign in
      </Link>
    )
  }

  const name = user.displayName || user.email
  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account: ${name}`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.name}>{name}</span>
      </button>
      {open && (
        <ul id={menuId} className={styles.menu}>
          <li>
            <Link to={routes.profile.path}>Profile</Link>
          </li>
          <li>
            <button type="button" disabled={busy} onClick={() => void signOut(() => navigate(routes.signIn.path))}>
              Sign out
            </button>
          </li>
        </ul>
      )}
    </div>
  )
}
