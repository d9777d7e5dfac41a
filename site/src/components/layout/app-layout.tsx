import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { Link, Outlet, useLocation } from 'react-router-dom'
import { env } from '@/config/env'
import { LOADING_TEXT } from '@/config/early-data'
import { routes } from '@/config/routes'
import { useAuth } from '@/lib/auth'
import { useScreenKey } from '@/lib/same-screen'
import { updateThemeSettings, useThemeState } from '@/lib/theme-store'
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query'
import { RouteErrorBoundary } from '../route-error-boundary'
import { SiteLogo } from '../site-logo'
import { Spinner } from '../spinner'
import styles from './app-layout.module.css'
import { FOOTER_LINKS } from './nav-groups'
import { ScrollToTopButton } from './scroll-to-top-button'
import { Sidebar, SIDEBAR_ID } from './sidebar'
import { ThemeToggle } from './theme-toggle'

// The account menu's code loads only where sign-in is configured, alongside the SDK
// it waits for anyway (it shows a reserved space until the provider reports): not
// part of every visitor's first JavaScript.
const AccountMenu = lazy(async () => ({ default: (await import('./account-menu')).AccountMenu }))

/** AccountEntry is the top bar's account menu: nothing when sign-in is not configured. */
function AccountEntry() {
  const { status } = useAuth()
  if (status === 'unconfigured') return null
  return (
    <Suspense fallback={<span className={styles.accountPlaceholder} aria-hidden="true" />}>
      <AccountMenu />
    </Suspense>
  )
}

/**
 * AppLayout is the shell around every screen but the blank ones (not found,
 * fatal error): skip link, 260px sidebar, top bar with the menu toggle, the
 * theme toggle and the account menu, main landmark, footer and the scroll-to-top button.
 *
 * The sidebar setting is the toggle: on small screens it means open (an
 * overlay, closed again by any navigation), on wide ones collapsed.
 */
export function AppLayout() {
  const { settings } = useThemeState()
  const narrow = useMediaQuery(NARROW_SCREEN)
  const toggled = settings.sidebar
  const sidebarShown = narrow ? toggled : !toggled
  const toggleRef = useRef<HTMLButtonElement>(null)
  const { pathname, state } = useLocation()
  // A navigation staying on its screen (Menus moving to a region's view) keeps it mounted.
  const screenKey = useScreenKey(pathname, state)
  // The path the app started on. Its screen, while its code is still on its way, says what the
  // page said before React took it over ("Loading this page…": main.tsx, 404.html's early
  // script) rather than put the route's spinner in its place: a start on a page rendered for
  // another path showed "Loading this page…", then the spinner, then the screen. (A page
  // hydrated in place keeps its own HTML while the code loads: no fallback shows there.)
  const [startPath] = useState(pathname)

  // Changing the page closes the overlay sidebar on small screens.
  const firstRender = useRef(true)
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    if (window.matchMedia(NARROW_SCREEN).matches) updateThemeSettings({ sidebar: false })
  }, [pathname])

  const closeOverlay = () => {
    updateThemeSettings({ sidebar: false })
    toggleRef.current?.focus()
  }

  useEffect(() => {
    if (!(narrow && toggled)) return
    // The open overlay takes focus and gives it back when Escape closes it.
    document.querySelector<HTMLElement>(`#${SIDEBAR_ID} nav a`)?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeOverlay()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [narrow, toggled])

  // The screen does not depend on the layout's own state (theme, sidebar,
  // screen width): keeping the same element lets React leave it alone when
  // that state changes, and lets a pre-rendered screen hydrate in place rather
  // than be rendered again while its code is still loading.
  const screen = useMemo(
    () => (
      <div key={screenKey} className={`animate__animated ${settings.animation}`}>
        <RouteErrorBoundary inLayout>
          {/* While a screen's code is on its way. */}
          <Suspense fallback={pathname === startPath ? <p role="status">{LOADING_TEXT}</p> : <Spinner label="Loading page" />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </div>
    ),
    [screenKey, pathname, settings.animation, startPath],
  )

  const shellClass = [styles.shell, toggled ? styles.toggled : '', `animation-${settings.animation}`].join(' ')
  return (
    <div className={shellClass}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <Sidebar onClose={closeOverlay} />
      {narrow && toggled && <div className={styles.backdrop} onClick={closeOverlay} aria-hidden="true" />}
      <div className={styles.page}>
        <header className={styles.topBar}>
          <div className={styles.topBarInner}>
            <button
              ref={toggleRef}
              type="button"
              className={styles.iconButton}
              aria-controls={SIDEBAR_ID}
              aria-expanded={sidebarShown}
              aria-label={narrow ? (sidebarShown ? 'Close menu' : 'Open menu') : sidebarShown ? 'Hide menu' : 'Show menu'}
              onClick={() => updateThemeSettings({ sidebar: !toggled })}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M4 6.5h16M4 12h16M4 17.5h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </button>
            <Link className={`${styles.brand} ${styles.topBrand}`} to={routes.home.path}>
              <SiteLogo className={styles.logo} />
              <span>{env.siteName}</span>
            </Link>
            <ThemeToggle />
            <AccountEntry />
          </div>
        </header>
        <main id="main" className={styles.main} tabIndex={-1}>
          {screen}
        </main>
        <footer className={styles.footer}>
          <nav aria-label="More pages">
            <ul className={styles.footerLinks}>
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <p>
            © {new Date().getFullYear()} {env.siteName}. Menu data comes from the dispensaries' own online menus; always check with the dispensary
            before you go.
          </p>
        </footer>
      </div>
      <ScrollToTopButton />
    </div>
  )
}
