import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
// publish's own golden files of a tree published after a roster read (publish/roster_test.go).
import rosterStatus from '../../../publish/testdata/roster-status.golden.json'
import rosterPipeline from '../../../publish/testdata/roster-pipeline.golden.json'
import searchStores from '../../../publish/testdata/search-stores.golden.json'
import { pipelineSchema } from '../features/status/api/use-pipeline'
import { searchStoresSchema } from '../features/offers/api/shop-schemas'
import { dispensaryStatusSchema } from './dispensary-status'
import { licensedWithoutMenu } from './store-listing'

describe('store listing schemas', () => {
  it('read the stores of a tree published with the roster', () => {
    const stores = rosterStatus.map((s) => v.parse(dispensaryStatusSchema, s))
    const good = stores.find((s) => s.slug === 'good')!
    expect(good.licence).toMatchObject({ number: 'CCD000001-00', active: true, since: '2026-06-30' })
    expect(good.openingHours?.sun).toEqual([{ opens: '11:00', closes: '17:00' }])
    expect(stores.find((s) => s.slug === 'lead')?.onStateList).toBe(false)
    expect(stores.filter(licensedWithoutMenu).map((s) => s.slug)).toEqual(['green-leaf-wellness-llc-kent', 'harbor-cleveland'])
  })

  it('read the roster of api/pipeline', () => {
    const pipeline = v.parse(pipelineSchema, rosterPipeline)
    expect(pipeline.roster).toMatchObject({ rows: 4, active: 3, matched: 2, withMenu: 1, notListed: 1, missingActive: 1 })
    expect(pipeline.roster?.disagreements).toHaveLength(3)
  })

  it('read the listing of api/search/stores', () => {
    const stores = v.parse(searchStoresSchema, searchStores).stores
    expect(stores.every((s) => 'openingHours' in s)).toBe(true)
  })

  it('refuse hours they cannot read', () => {
    const bad = { ...rosterStatus[0], openingHours: { timeZone: 'America/New_York', mon: [{ opens: '10am', closes: '20:00' }] } }
    expect(v.safeParse(dispensaryStatusSchema, bad).success).toBe(false)
  })
})
