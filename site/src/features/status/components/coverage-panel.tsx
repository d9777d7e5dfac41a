import { memo, useMemo } from 'react'
import type { Pipeline } from '../api/use-pipeline'
import type { DispensaryStatus } from '@/api/dispensary-status'
import { formatAge } from '@/lib/format'
import { LocalTime } from '@/components/local-time'
import styles from './dispensary-status.module.css'

type Count = { name: string; stores: number; monitored: number }

/** coverageOf counts the listed dispensaries by region and their menus by platform. */
export function coverageOf(dispensaries: readonly DispensaryStatus[]) {
  const regions = new Map<string, Count>()
  const platforms = new Map<string, number>()
  for (const d of dispensaries) {
    const name = d.region || 'Unknown region'
    const r = regions.get(name) ?? { name, stores: 0, monitored: 0 }
    r.stores++
    if (d.monitored) r.monitored++
    regions.set(name, r)
    for (const p of d.platforms ?? []) platforms.set(p, (platforms.get(p) ?? 0) + 1)
  }
  return {
    regions: [...regions.values()].sort((a, b) => a.name.localeCompare(b.name)),
    platforms: [...platforms.entries()]
      .map(([name, stores]) => ({ name, stores }))
      .sort((a, b) => b.stores - a.stores || a.name.localeCompare(b.name)),
  }
}

/**
 * CoveragePanel says how much of Ohio the page covers (stores by region and
 * menu platform) and, when api/pipeline is published, how the last scrape went.
 * Memoised: typing in the search re-renders the page, not this.
 */
export const CoveragePanel = memo(function CoveragePanel({
  dispensaries,
  pipeline,
  nowMs,
}: {
  dispensaries: readonly DispensaryStatus[]
  pipeline: Pipeline | undefined
  nowMs: number
}) {
  const { regions, platforms } = useMemo(() => coverageOf(dispensaries), [dispensaries])
  const run = pipeline?.lastRun
  const finished = run?.finishedAt ? Date.parse(run.finishedAt) : NaN
  return (
    <section className={`card ${styles.coverage}`} aria-labelledby="coverage-heading">
      <h2 id="coverage-heading" className={styles.coverageHeading}>
        Coverage
      </h2>
      <p className={styles.lastRun}>
        {dispensaries.length} dispensaries listed in {regions.length} {regions.length === 1 ? 'region' : 'regions'},{' '}
        {dispensaries.filter((d) => d.monitored).length} of them monitored
        {platforms.length > 0 && ` through ${platforms.length} menu ${platforms.length === 1 ? 'platform' : 'platforms'}`}.
      </p>
      <details className={styles.coverageDetails}>
        <summary>By region{platforms.length > 0 ? ' and menu platform' : ''}</summary>
        <div className={styles.coverageGrid}>
          <table className={styles.coverageTable}>
            <caption>Dispensaries by region</caption>
            <thead>
              <tr>
                <th scope="col">Region</th>
                <th scope="col">Listed</th>
                <th scope="col">Monitored</th>
              </tr>
            </thead>
            <tbody>
              {regions.map((r) => (
                <tr key={r.name}>
                  <th scope="row">{r.name}</th>
                  <td>{r.stores}</td>
                  <td>{r.monitored}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {platforms.length > 0 && (
            <table className={styles.coverageTable}>
              <caption>Dispensaries by menu platform</caption>
              <thead>
                <tr>
                  <th scope="col">Platform</th>
                  <th scope="col">Dispensaries</th>
                </tr>
              </thead>
              <tbody>
                {platforms.map((p) => (
                  <tr key={p.name}>
                    <th scope="row">{p.name}</th>
                    <td>{p.stores}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </details>
      {pipeline && (
        <p className={styles.lastRun}>
          {run ? (
            <>
              Last scrape run{' '}
              {Number.isFinite(finished) ? (
                <>
                  finished <LocalTime ms={finished} withTime /> ({formatAge(finished, nowMs)})
                </>
              ) : (
                <>
                  started <LocalTime ms={Date.parse(run.startedAt)} withTime /> and has not finished
                </>
              )}
              : {run.menusOk} menus read, {run.menusFailed} failed
              {run.failures.length > 0 && ` (${run.failures.map((f) => `${f.platform}: ${f.menus} ${f.reason.replaceAll('_', ' ')}`).join('; ')})`}.
            </>
          ) : (
            'No scrape has run yet.'
          )}
        </p>
      )}
      {pipeline?.roster !== undefined && <RosterLine roster={pipeline.roster} nowMs={nowMs} />}
    </section>
  )
})

/** RosterLine says when the state's list of dispensaries was last read and how the stores here compare with it. */
function RosterLine({ roster, nowMs }: { roster: Pipeline['roster']; nowMs: number }) {
  if (!roster) return <p className={styles.lastRun}>The state’s list of licensed dispensaries has not been read yet.</p>
  const read = roster.lastRead ? Date.parse(roster.lastRead) : NaN
  return (
    <p className={styles.lastRun}>
      {Number.isFinite(read) ? (
        <>
          The state’s list of licensed dispensaries, read <LocalTime ms={read} withTime /> ({formatAge(read, nowMs)}): {roster.rows} licences,{' '}
          {roster.active} active; {roster.matched} of the stores here are on it, {roster.withMenu} of them with a menu we read; {roster.missingActive}{' '}
          licensed {roster.missingActive === 1 ? 'store was' : 'stores were'} missing from our list (shown here without a menu); {roster.notListed}{' '}
          {roster.notListed === 1 ? 'store is' : 'stores are'} not on it.
        </>
      ) : (
        'The state’s list of licensed dispensaries has not been read successfully yet.'
      )}
      {roster.error && ` The last read failed (${roster.error}); the last good list is in use.`}
    </p>
  )
}
