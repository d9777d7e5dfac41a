import styles from './dispensary-map.module.css'

/** MapLegend says what the map's markers mean beyond freshness (which the freshness legend above explains). */
export function MapLegend({ openNow }: { openNow: boolean }) {
  return (
    <ul className={styles.legend} aria-label="What the markers mean">
      <li>
        <span className={`${styles.legendMark} ${styles.marker} ${styles.current}`} aria-hidden="true">
          ✓
        </span>{' '}
        A round marker: a store whose menus we read, in the colour of its freshest menu
      </li>
      <li>
        <span className={`${styles.legendMark} ${styles.licensed}`} aria-hidden="true">
          L
        </span>{' '}
        A square marker: licensed by the state, no menu known
      </li>
      {openNow && (
        <li>
          <span className={`${styles.legendMark} ${styles.marker} ${styles.missing} ${styles.hoursUnknown}`} aria-hidden="true">
            ✕
          </span>{' '}
          A dashed ring: hours unknown (kept apart from the stores open now)
        </li>
      )}
    </ul>
  )
}
