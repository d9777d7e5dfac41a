import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import gelato from '../../../testing/fixtures/shop/strains-gelato-41.json'
import strainsIndex from '../../../testing/fixtures/shop/strains-index.json'
import muulFuel from '../../../testing/fixtures/shop/strains-muul-fuel.json'
import terpenesIndex from '../../../testing/fixtures/shop/terpenes-index.json'
import limonene from '../../../testing/fixtures/shop/terpenes-limonene.json'
import trends from '../../../testing/fixtures/shop/trends.json'
import { strainSchema, strainsIndexSchema, terpeneSchema, terpenesIndexSchema, trendsSchema } from './explore-schemas'

// The fixtures are publish's golden files (publish/testdata, kept equal by go test ./publish).
const fixtures: [string, z.ZodMiniType, unknown][] = [
  ['trends', trendsSchema, trends],
  ['strains/index', strainsIndexSchema, strainsIndex],
  ['strains/muul-fuel', strainSchema, muulFuel],
  ['strains/gelato-41', strainSchema, gelato],
  ['terpenes/index', terpenesIndexSchema, terpenesIndex],
  ['terpenes/limonene', terpeneSchema, limonene],
]

describe('explore snapshot shapes', () => {
  it.each(fixtures)('%s: the golden file is valid', (_, schema, data) => {
    const result = z.safeParse(schema, data)
    expect(result.error?.issues ?? []).toEqual([])
  })

  it('keeps fields publish may add', () => {
    const parsed = z.parse(trendsSchema, { ...trends, extra: 1 }) as Record<string, unknown>
    expect(parsed.extra).toBe(1)
  })
})
