import type { ReactNode } from 'react'
import styles from './blank-screen.module.css'

/** BlankLayout is the page frame without header or navigation (not-found and fatal error screens). */
export function BlankLayout({ children }: { children: ReactNode }) {
  return <main className={styles.screen}>{children}</main>
}
