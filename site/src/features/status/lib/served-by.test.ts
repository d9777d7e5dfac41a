import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { marketStatusSchema } from '@/api/dispensary-status'
import { servedBy } from './served-by'

const status = (market: string, source: string | null) =>
  v.parse(marketStatusSchema, {
    market,
    lastFlower: null,
    lastPreroll: null,
    lastVape: null,
    lastExtract: null,
    lastEdible: null,
    lastFlowerCount: -1,
    lastPrerollCount: -1,
    lastVapeCount: -1,
    lastExtractCount: -1,
    lastEdibleCount: -1,
    menuUrl: null,
    source,
  })

describe('servedBy', () => {
  it('names the source of each market that was served, in order', () => {
    const d = { marketStatuses: [status('medical', 'dutchie'), status('recreational', 'weedmaps')] }
    expect(servedBy(d)).toBe('Medical menu read from dutchie · Adult use menu read from weedmaps')
  })
  it('says nothing of a market never served', () => {
    expect(servedBy({ marketStatuses: [status('medical', null)] })).toBe('')
  })
})
