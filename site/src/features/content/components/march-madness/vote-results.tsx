import type { Matchup } from '@/features/content/api/content-schemas'
import styles from './march-madness.module.css'
import { voteShares } from '@/features/content/lib/vote-share'

/** VoteResults shows one round's votes, each matchup's strains as shares of its votes. */
export function VoteResults({ name, matchups }: { name: string; matchups: readonly Matchup[] }) {
  const voted = matchups.filter((m) => m.strains.some((s) => s.votes != null))
  return (
    <section aria-label={`${name}: votes`}>
      <h3>{name}</h3>
      {voted.length === 0 ? (
        <p className="empty-state">No votes of this round are on record.</p>
      ) : (
        <ol className={styles.results}>
          {voted.map((matchup, i) => (
            <li key={i} className="card">
              {voteShares(matchup).map((share) => (
                <div key={share.name} className={styles.bar}>
                  <span>{share.name}</span>
                  <span
                    className={styles.meter}
                    role="meter"
                    aria-label={`${share.name}, ${name}`}
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
    </section>
  )
}
