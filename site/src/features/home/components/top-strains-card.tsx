import type { Statistics } from '../api/home-schemas'
import styles from './statistics.module.css'

/** TopStrainsCard ranks the strains the most dispensaries have in stock. */
export function TopStrainsCard({ strains }: { strains: Statistics['topFlower'] }) {
  return (
    <section className={`card ${styles.card}`} aria-labelledby="top-strains-heading">
      <h3 id="top-strains-heading" className={styles.cardTitle}>
        Ohio's Most Available Strains
      </h3>
      {strains.length === 0 ? (
        <p className={styles.empty}>No strain counts right now: no flower menu is current.</p>
      ) : (
        <ol className={styles.strains}>
          {strains.map((strain) => (
            <li key={strain.name} className={styles.strain}>
              <span className={styles.strainName}>{strain.name}</span>
              <span className={styles.strainCount}>
                {strain.count}
                <span className="visually-hidden"> dispensaries</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
