import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { routes } from '../config/routes'
import styles from './blank-screen.module.css'

/** BlankLayout is the page frame without header or navigation (not-found and fatal error screens). */
export function BlankLayout({ children }: { children: ReactNode }) {
  return <main className={styles.screen}>{children}</main>
}

/** HomeAction is the blank screens' way out: a button to the homepage. */
export function HomeAction() {
  return (
    <div className={styles.actions}>
      <Link className="button" to={routes.home.path}>
        Home
      </Link>
    </div>
  )
}
