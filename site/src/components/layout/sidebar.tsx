import { Link, NavLink } from 'react-router-dom'
import { env } from '@/config/env'
import { routes } from '@/config/routes'
import { SiteLogo } from '../site-logo'
import styles from './app-layout.module.css'
import { NAV_GROUPS } from './nav-groups'

/** SIDEBAR_ID ties the menu toggle to the sidebar (aria-controls). */
export const SIDEBAR_ID = 'sidebar'

/** Sidebar is the 260px navigation with the spec's groups; onClose hides it on small screens. */
export function Sidebar({ onClose }: { onClose: () => void }) {
  return (
    <aside id={SIDEBAR_ID} className={styles.sidebar} aria-label="Site menu">
      <div className={styles.sidebarHead}>
        <Link className={styles.brand} to={routes.home.path}>
          <SiteLogo className={styles.logo} />
          <span>{env.siteName}</span>
        </Link>
        <button type="button" className={styles.sidebarClose} onClick={onClose} aria-label="Close sidebar">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <nav aria-label="Main" className={styles.nav}>
        {NAV_GROUPS.map((group) => (
          <div key={group.title} className={styles.navGroup}>
            {/* Not a heading: the page's own h1 should be the first heading a screen reader meets. */}
            <p className={styles.navTitle} id={`nav-${group.title.toLowerCase()}`}>
              {group.title}
            </p>
            <ul className={styles.navList} aria-labelledby={`nav-${group.title.toLowerCase()}`}>
              {group.links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.navLinkActive}` : styles.navLink)}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </aside>
  )
}
