import { Link } from 'react-router-dom'
import { strainHref } from '@/config/paths'
import type { Statistics } from '../api/home-schemas'
import styles from './statistics.module.css'
import { CURRENT_UNDER_HOURS } from '@/lib/freshness'

/**
 * TopStrainsCard ranks the strains the most dispensaries have in stock on a current menu: the
 * strain index's "stores" figure, so a strain shows the same count here, on its page and in the index.
 */
export function TopStrainsCard({ strains }: { strains: Statistics['topFlower'] }) {
  return (
    <section className={`card ${styles.card}`} aria-labelledby="top-strains-heading">
      <h3 id="top-strains-heading" className={styles.cardTitle}>
        Ohio's Most Available Strains
      </h3>
      {strains.length === 0 ? (
        <p className={styles.empty}>No strain counts right now: no flower menu is current.</p>
      ) : (
        <>
          <p className={styles.cardNote}>Dispensaries with it in stock on a menu read in the last {CURRENT_UNDER_HOURS} hours.</p>
          <ol className={styles.strains}>
            {strains.map((strain) => (
              <li key={strain.name} className={styles.strain}>
                <Link className={styles.strainName} to={strainHref(strain.slug)}>
                  {strain.name}
                </Link>
                <span className={styles.strainCount}>
                  {strain.count}
                  <span className="visually-hidden"> dispensaries</span>
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}
