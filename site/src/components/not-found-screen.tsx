import { HomeAction } from './blank-layout'
import styles from './blank-screen.module.css'
import { PageTitle } from './page-title'

/** NotFoundScreen tells the visitor the site has no page at this URL and offers the way home. */
export function NotFoundScreen() {
  return (
    <>
      <PageTitle screen="Page Not Found" />
      <div className={styles.panel}>
        <svg className={styles.art} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <circle cx="28" cy="28" r="17" fill="none" stroke="currentColor" strokeWidth="5" />
          <path d="m40.5 40.5 14 14" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
          <path d="M22 23h12M22 31h8" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" opacity=".55" />
        </svg>
        <h1 className={styles.message}>The page you requested was not found!</h1>
        <HomeAction />
      </div>
    </>
  )
}
