import { describe, expect, it } from 'vitest'
import { editDistance, textMatches, tokenize } from './text-match'

const words = tokenize('Wedding Cake R.o. whole buds Belushi’s Farm')

describe('typo-tolerant text', () => {
  it.each(['wedding cake', 'wed', 'weding cake', 'weddign', 'WEDDING', 'cake wedding', 'belushis'])('finds “%s”', (typed) => {
    expect(textMatches(tokenize(typed), words)).toBe(true)
  })
  it.each(['gelato', 'wedding pie', 'xyz'])('does not find “%s”', (typed) => {
    expect(textMatches(tokenize(typed), words)).toBe(false)
  })
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('weddign', 'wedding')).toBe(1)
    expect(editDistance('kitten', 'sitting')).toBe(3)
  })
})
