import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CURRENT_UNDER_HOURS, STALE_UNDER_HOURS } from './freshness'

// The thresholds are the freshness package's constants (freshness/freshness.go). The
// shared vectors (freshness.test.ts) hold the rule at its edges; this reads the
// constants themselves, so a threshold changed in Go fails here, naming both numbers,
// even before anyone adds a vector for the new edge.
const FRESHNESS_GO = path.resolve(__dirname, '../../../freshness/freshness.go')

/** goHours reads `name = N * time.Hour` from freshness.go. */
function goHours(source: string, name: string): number {
  const m = source.match(new RegExp(`^\\s*${name}\\s*=\\s*(\\d+)\\s*\\*\\s*time\\.Hour\\s*$`, 'm'))
  expect(m, `freshness/freshness.go has no "${name} = N * time.Hour"`).not.toBeNull()
  return Number(m![1])
}

describe('freshness thresholds', () => {
  const source = readFileSync(FRESHNESS_GO, 'utf8')
  it('current under the freshness package’s CurrentFor', () => {
    expect(CURRENT_UNDER_HOURS).toBe(goHours(source, 'CurrentFor'))
  })
  it('stale under the freshness package’s MissingAfter', () => {
    expect(STALE_UNDER_HOURS).toBe(goHours(source, 'MissingAfter'))
  })
})
