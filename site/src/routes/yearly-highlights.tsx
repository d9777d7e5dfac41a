import type { Highlights } from '../features/content/api/content-schemas'
import { ContentPage } from '../features/content/components/content-page'
import { formatCost, formatLocaleDate } from '../lib/format'
import styles from './yearly-highlights.module.css'

type Year = Highlights['years'][number]

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' })
const showMonth = (month: string) => {
  const ms = Date.parse(`${month}-15T00:00:00Z`)
  return Number.isNaN(ms) ? month : monthFormat.format(ms)
}
const unitLabel = (unit: string) => (unit === '100mg' ? 'per 100 mg THC' : `per ${unit}`)

function YearCard({ year }: { year: Year }) {
  return (
    <section className={`card ${styles.year}`} aria-labelledby={`year-${year.year}`}>
      <h2 id={`year-${year.year}`}>{year.year}</h2>
      <p className={styles.span}>
        From {formatLocaleDate(Date.parse(year.firstSeen))} to {formatLocaleDate(Date.parse(year.lastSeen))}
      </p>
      <dl className={styles.numbers}>
        <div>
          <dt>Menus tracked</dt>
          <dd>{year.menusTracked}</dd>
        </div>
        <div>
          <dt>Dispensaries</dt>
          <dd>{year.dispensaries}</dd>
        </div>
        <div>
          <dt>Menu reads</dt>
          <dd>{year.fetches}</dd>
        </div>
        <div>
          <dt>Products seen</dt>
          <dd>{year.products}</dd>
        </div>
      </dl>
      <div className={styles.columns}>
        <div>
          <h3>Most available strains</h3>
          {year.topStrains.length > 0 ? (
            <ol className={styles.strains}>
              {year.topStrains.map((strain) => (
                <li key={strain.name}>
                  {strain.name} <span className={styles.count}>{strain.count}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p>No strain was seen often enough to rank.</p>
          )}
        </div>
        <div>
          <h3>Price moves</h3>
          {year.priceMoves.length > 0 ? (
            <ul className={styles.moves}>
              {year.priceMoves.map((move) => (
                <li key={move.category}>
                  <strong>{move.category}</strong>: median {formatCost(move.from)} in {showMonth(move.firstMonth)} → {formatCost(move.to)} in{' '}
                  {showMonth(move.lastMonth)} {unitLabel(move.unit)} ({move.changePercent > 0 ? '+' : ''}
                  {move.changePercent}%)
                </li>
              ))}
            </ul>
          ) : (
            <p>Prices need at least two months of menus in the year to compare.</p>
          )}
        </div>
      </div>
    </section>
  )
}

/** YearlyHighlightsRoute (/yearly-highlights): each year of the menu history summed up (api/highlights). */
export default function YearlyHighlightsRoute() {
  const lead =
    "Each year of the menus we have read: how many we tracked, the strains most often in stock and how prices moved from the year's first month to its last."
  return (
    <ContentPage name="highlights" title="Yearly Highlights" what="yearly highlights" lead={lead}>
      {(data) =>
        data.years.length === 0 ? (
          <p className="empty-state">No menu history has been recorded yet.</p>
        ) : (
          <div className="stack">
            {data.years.map((year) => (
              <YearCard key={year.year} year={year} />
            ))}
          </div>
        )
      }
    </ContentPage>
  )
}
