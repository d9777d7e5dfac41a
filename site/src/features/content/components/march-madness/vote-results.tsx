import type { Matchup } from '../../api/content-schemas'
import styles from './march-madness.module.css'
import { voteShares } from '../../lib/vote-share'
import { PageTitle } from '../../../../components/page-title'

/**
 * VoteResultsScreen shows the votes of each matchup as shares. As in the spec,
 * it exists without a route: the vote it would report on is not run on this
 * site, so nothing links here until a vote is.
 */
export function VoteResultsScreen({ title, matchups }: { title: string; matchups: readonly Matchup[] }) {
  return (
    <>
      <PageTitle screen="Vote Results" />
      <h1>Vote Results</h1>
      <h2>{title}</h2>
      {matchups.length === 0 ? (
        <p className="empty-state">No votes have been recorded.</p>
      ) : (
        <ol className={styles.results}>
          {matchups.map((matchup, i) => (
            <li key={i} className="card">
              {voteShares(matchup).map((share) => (
                <div key={share.name} className={styles.bar}>
                  <span>{share.name}</span>
                  <span
                    className={styles.meter}
                    role="meter"
                    aria-label={share.name}
                    aria-valuenow={share.percent}
                    aria-valuemin={0}
                    aria-valuemax={100}
                  >
                    <span style={{ width: `${share.percent}%` }} />
                  </span>
                  <span>
                    {share.percent}% ({share.votes} votes)
                  </span>
                </div>
              ))}
            </li>
          ))}
        </ol>
      )}
    </>
  )
}
