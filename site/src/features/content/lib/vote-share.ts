import type { Matchup } from '../api/content-schemas'

/** voteShares gives each strain of a matchup its votes and share in whole percent (0 when nobody voted). */
export function voteShares(matchup: Matchup): { name: string; votes: number; percent: number }[] {
  const votes = matchup.strains.map((s) => Math.max(0, s.votes ?? 0))
  const total = votes.reduce((a, b) => a + b, 0)
  return matchup.strains.map((s, i) => ({
    name: s.name,
    votes: votes[i] ?? 0,
    percent: total === 0 ? 0 : Math.round((100 * (votes[i] ?? 0)) / total),
  }))
}
