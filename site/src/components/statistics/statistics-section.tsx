import { useStatistics } from '../../api/use-statistics'
import { formatLocaleDateTime } from '../../lib/format'
import { getErrorMessage } from '../../lib/get-error-message'
import { OfflineNotice } from '../offline-notice'
import { Spinner } from '../spinner'
import { StaleNotice } from '../stale-notice'
import { RegionDealsCard } from './region-deals-card'
import styles from './statistics.module.css'
import { TopStrainsCard } from './top-strains-card'

/** StatisticsSection is the homepage's statistics block: top strains and each region's top deals. */
export function StatisticsSection() {
  const { data, error, mutate, savedAt, publishedAt } = useStatistics()
  return (
    <section aria-labelledby="statistics-heading">
      <div className={styles.header}>
        <h2 id="statistics-heading">Product statistics</h2>
        {data && (
          <p className={styles.updated}>
            Published <time dateTime={data.generatedAt}>{formatLocaleDateTime(Date.parse(data.generatedAt))}</time>
          </p>
        )}
      </div>
      {savedAt !== undefined && <OfflineNotice generatedAt={publishedAt} what="statistics" />}
      {error && data && <StaleNotice error={error} what="statistics" />}
      {error && !data && (
        <div className="notice notice--error" role="alert">
          <p>Product statistics could not be loaded: {getErrorMessage(error)}</p>
          <button type="button" className={`button button--secondary ${styles.retry}`} onClick={() => void mutate()}>
            Try again
          </button>
        </div>
      )}
      {!data && !error && <Spinner label="Loading product statistics" />}
      {data && (
        <div className={styles.grid}>
          <TopStrainsCard strains={data.topFlower} />
          {data.topDeals.map((region, index) => (
            <RegionDealsCard key={`${region.region}|${index}`} region={region} />
          ))}
        </div>
      )}
    </section>
  )
}
