import { Link } from 'react-router-dom'
import { discordPath } from '../config/paths'
import { sitePath } from '../config/site-base'
import { useThemeState } from '../lib/theme-store'
import { HomeAction } from './blank-layout'
import styles from './blank-screen.module.css'
import { PageTitle } from './page-title'

/** GENERIC_ERROR_TEXT is the spec's wording for an error nothing else handled. */
export const GENERIC_ERROR_TEXT =
  'An unhandled error has occurred. Please try again. If issue persists please report the problem on the Discord server.'

/** ErrorScreen tells the visitor something broke and where to go next (Discord, Home); its image follows the theme. */
export function ErrorScreen({ detail }: { detail?: string }) {
  const { dark } = useThemeState()
  return (
    <>
      <PageTitle screen="Error" />
      <div className={styles.panel} role="alert">
        <img
          className={styles.image}
          src={sitePath(dark ? '/images/error-dark.svg' : '/images/error-light.svg')}
          alt=""
          width={160}
          height={120}
          data-theme-image={dark ? 'dark' : 'light'}
        />
        <h1 className="visually-hidden">Error</h1>
        <p className={styles.message}>
          An unhandled error has occurred. Please try again. If issue persists please report the problem on the{' '}
          <Link to={discordPath}>Discord server</Link>.
        </p>
        {detail && <p className={styles.detail}>Details: {detail}</p>}
        <HomeAction />
      </div>
    </>
  )
}
