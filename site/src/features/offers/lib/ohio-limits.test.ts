import { describe, expect, it } from 'vitest'
import { ADULT_RULES, LAW, MEDICAL_NOTES, MEDICAL_RULES, SOURCES, UNCERTAIN } from './ohio-limits'

describe('the Limits page cites its figures', () => {
  it('resolves every source tag a rule, note or open question names', () => {
    const tags = [...MEDICAL_RULES, ...MEDICAL_NOTES, ...ADULT_RULES, ...UNCERTAIN].flatMap((r) => [...r.sources])
    const missing = tags.filter((tag) => !SOURCES[tag])
    expect(missing).toEqual([])
  })

  it('cites the possession limit to the Revised Code section that sets it, its amounts to the reports they come from', () => {
    const possession = ADULT_RULES.find((r) => r.item === 'Possession')!
    expect(possession.rule).toContain('2.5 oz of plant material and up to 15 g of extract')
    expect(possession.sources[0]).toBe('ORC-3796.221')
    expect(SOURCES['ORC-3796.221']!.url).toBe('https://codes.ohio.gov/ohio-revised-code/section-3796.221')
    expect(possession.sources.slice(1)).toEqual(['CLE-98', 'DDN-AYR', 'TICKER-2023'])
  })

  it('says of each source in the law file whether and when it was read, and which part', () => {
    for (const [tag, source] of Object.entries(LAW.sources)) {
      expect(source.url, tag).toMatch(/^https?:\/\//)
      if (source.read === null) expect(SOURCES[tag]!.note, tag).toContain('not yet read in its own text')
      else expect(SOURCES[tag]!.note, tag).toContain(`read ${source.read}`)
    }
    for (const tag of ['OAC-1301:18-8-08', 'OAC-3796:8-2-04', 'ORC-3796.221'])
      expect(LAW.sources[tag as keyof typeof LAW.sources].read).toBe('2026-11-27')
    expect(SOURCES['OAC-3796:8-2-04']!.note).toContain('(A)(1) only')
  })
})
