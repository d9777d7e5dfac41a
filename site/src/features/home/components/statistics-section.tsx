import { SnapshotView } from '@/components/snapshot-view'
import { LocalTime } from '@/components/local-time'
import { useStatistics } from '../api/use-home'
import { RegionDealsCard } from './region-deals-card'
import styles from './statistics.module.css'
import { TopStrainsCard } from './top-strains-card'

/** StatisticsSection is the homepage's statistics block: top strains and each region's top deals. */
export function StatisticsSection() {
  const response = useStatistics()
  const { data } = response
  return (
    <section aria-labelledby="statistics-heading">
      <div className={styles.header}>
        <h2 id="statistics-heading">Product statistics</h2>
        {data && (
          <p className={styles.updated}>
            Published{' '}
            <time dateTime={data.generatedAt}>
              <LocalTime ms={Date.parse(data.generatedAt)} withTime />
            </time>
          </p>
        )}
      </div>
      {/* A part of the homepage: any failure, a bad shape too, is said here and the rest of the page stays. */}
      <SnapshotView
        response={response}
        what="statistics"
        loading="Loading product statistics"
        failed="Product statistics could not be loaded:"
        shapeInPlace
      >
        {(data) => (
          <div className={styles.grid}>
            <TopStrainsCard strains={data.topFlower} />
            {data.topDeals.map((region, index) => (
              <RegionDealsCard key={`${region.region}|${index}`} region={region} />
            ))}
          </div>
        )}
      </SnapshotView>
    </section>
  )
}
