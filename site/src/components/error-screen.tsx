import { Link } from 'react-router-dom'
import { paths } from '../config/paths'
import styles from './blank-screen.module.css'
import { PageTitle } from './page-title'

/** GENERIC_ERROR_TEXT is the spec's wording for an error nothing else handled. */
export const GENERIC_ERROR_TEXT =
  'An unhandled error has occurred. Please try again. If issue persists please report the problem on the Discord server.'

/** ErrorScreen tells the visitor something broke and where to go next (Discord, Home). */
export function ErrorScreen({ detail }: { detail?: string }) {
  return (
    <>
      <PageTitle screen="Error" />
      <div className={styles.panel} role="alert">
        <svg className={styles.art} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <path d="M32 6 4 56h56L32 6Z" fill="currentColor" opacity=".15" />
          <path d="M32 6 4 56h56L32 6Z" fill="none" stroke="currentColor" strokeWidth="4" strokeLinejoin="round" />
          <path d="M32 24v16M32 47v.5" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
        </svg>
        <h1 className="visually-hidden">Error</h1>
        <p className={styles.message}>
          An unhandled error has occurred. Please try again. If issue persists please report the problem on the{' '}
          <Link to={paths.discord.href()}>Discord server</Link>.
        </p>
        {detail && <p className="visually-hidden">Details: {detail}</p>}
        <div className={styles.actions}>
          <Link className="button" to={paths.home.href()}>
            Home
          </Link>
        </div>
      </div>
    </>
  )
}
