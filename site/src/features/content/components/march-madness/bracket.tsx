import type { MarchMadness } from '@/features/content/api/content-schemas'
import styles from './march-madness.module.css'

/** Bracket draws the rounds side by side; a matchup's winner is marked in words as well as in bold. */
export function Bracket({ rounds, champion }: Pick<MarchMadness, 'rounds' | 'champion'>) {
  return (
    <div className={styles.bracket}>
      {rounds.map((round) => (
        <section key={round.name} className={styles.round} aria-label={round.name}>
          <h2>{round.name}</h2>
          <ol className={styles.matchups}>
            {round.matchups.map((matchup, i) => (
              <li key={i} className={styles.matchup}>
                {matchup.strains.map((strain) => {
                  const won = matchup.winner === strain.name
                  return (
                    <p key={strain.name} className={won ? styles.winner : undefined}>
                      {strain.seed != null && <span className={styles.seed}>{strain.seed}</span>} {strain.name}
                      {strain.votes != null && <span className={styles.votes}> {strain.votes} votes</span>}
                      {won && <span className="visually-hidden"> (winner)</span>}
                    </p>
                  )
                })}
              </li>
            ))}
          </ol>
        </section>
      ))}
      {champion && (
        <p className={styles.champion}>
          Champion: <strong>{champion}</strong>
        </p>
      )}
    </div>
  )
}
