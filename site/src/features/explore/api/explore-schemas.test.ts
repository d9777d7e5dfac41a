import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { itAcceptsGoldenFiles } from '@/testing/golden'
import gelato from '@/testing/fixtures/shop/strains-gelato-41.json'
import strainsIndex from '@/testing/fixtures/shop/strains-index.json'
import muulFuel from '@/testing/fixtures/shop/strains-muul-fuel.json'
import terpenesIndex from '@/testing/fixtures/shop/terpenes-index.json'
import limonene from '@/testing/fixtures/shop/terpenes-limonene.json'
import trends from '@/testing/fixtures/shop/trends.json'
import { strainSchema, strainsIndexSchema, terpeneSchema, terpenesIndexSchema, trendsSchema } from './explore-schemas'

const fixtures: [string, v.GenericSchema, unknown][] = [
  ['trends', trendsSchema, trends],
  ['strains/index', strainsIndexSchema, strainsIndex],
  ['strains/muul-fuel', strainSchema, muulFuel],
  ['strains/gelato-41', strainSchema, gelato],
  ['terpenes/index', terpenesIndexSchema, terpenesIndex],
  ['terpenes/limonene', terpeneSchema, limonene],
]

describe('explore snapshot shapes', () => {
  itAcceptsGoldenFiles(fixtures)

  it('keeps fields publish may add', () => {
    const parsed = v.parse(trendsSchema, { ...trends, extra: 1 }) as Record<string, unknown>
    expect(parsed.extra).toBe(1)
  })
})
