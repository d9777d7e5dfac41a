import { Link, NavLink, Outlet, ScrollRestoration, useNavigation } from 'react-router-dom'
import { env } from '../../config/env'
import { paths } from '../../config/paths'
import styles from './app-layout.module.css'

const NAV_LINKS = [
  { to: paths.home.href(), label: 'Home', end: true },
  { to: paths.dispensaryStatus.href(), label: 'Status', end: false },
] as const

/**
 * AppLayout is the shell around every screen but the blank ones (not found,
 * fatal error): skip link, top bar with the site name and navigation, main
 * landmark, footer. Later issues grow the navigation into the 260px sidebar.
 */
export function AppLayout() {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <header className={styles.topBar}>
        <div className={styles.topBarInner}>
          <Link className={styles.brand} to={paths.home.href()}>
            <svg className={styles.logo} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M12 2c.6 2.9.6 5.6 0 8.2 1.6-2.3 3.8-4 6.6-5-1 2.8-2.7 5-5 6.6 2.6-.6 5.3-.6 8.2 0-2.9 1.2-5.6 1.6-8.2 1.1l4.6 4.6c-2.3-.4-4.3-1.5-5.9-3.2L12 22l-.3-7.7c-1.6 1.7-3.6 2.8-5.9 3.2l4.6-4.6c-2.6.5-5.3.1-8.2-1.1 2.9-.6 5.6-.6 8.2 0-2.3-1.6-4-3.8-5-6.6 2.8 1 5 2.7 6.6 5-.6-2.6-.6-5.3 0-8.2Z"
              />
            </svg>
            <span>{env.siteName}</span>
          </Link>
          <nav aria-label="Main">
            <ul className={styles.navList}>
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.navLinkActive}` : styles.navLink)}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        {busy && <div className={styles.progress} role="progressbar" aria-label="Loading page" />}
      </header>
      <main id="main" className={styles.main} tabIndex={-1} aria-busy={busy || undefined}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <p>
          © {new Date().getFullYear()} {env.siteName}. Menu data comes from the dispensaries' own online menus; always
          check with the dispensary before you go.
        </p>
      </footer>
      <ScrollRestoration />
    </div>
  )
}
