import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import fixture from '../testing/fixtures/dispensary-status.json'
import statistics from '../testing/fixtures/statistics.json'
import { statisticsSchema } from '../features/home/api/home-schemas'
import { menuSchema, searchFirstSchema, searchShardSchema, searchStoresSchema } from '../features/offers/api/shop-schemas'
import menu from '../testing/fixtures/shop/menus-bloom-akron.json'
import searchFirst from '../testing/fixtures/shop/search-flower-first.json'
import searchShard from '../testing/fixtures/shop/search-flower-northeast.json'
import searchStores from '../testing/fixtures/shop/search-stores.json'
import { list, timestamp } from './common-schemas'
import { dispensaryStatusListSchema } from './dispensary-status'
import { fastGuard } from './fast-check'

// The guard must never pass what zod refuses (the snapshot would be used unchecked),
// nor differ on what a publish writes. Each case below is the fixture with one value
// changed somewhere in it, as a broken or hostile publish could change it.
const REPLACEMENTS: unknown[] = [
  undefined,
  null,
  '',
  'medical',
  'adult-use',
  '2026-07-01T12:00:00Z',
  '2026-07-01T12:00:00',
  '2026-02-30T12:00:00Z',
  '07/01/2026',
  0,
  -1,
  2.5,
  -0.5,
  1e300,
  Number.MAX_SAFE_INTEGER + 2,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  [],
  {},
  ['x'],
]

/** paths lists every place in value (object keys and array indexes), parents first. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...at, Array.isArray(value) ? Number(key) : key]
    return [path, ...paths(child, path)]
  })
}

function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>
  let parent = copy
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
  const last = path.at(-1)!
  if (by === undefined) delete parent[last]
  else parent[last] = by
  return copy
}

function agreesWithZod(schema: z.ZodMiniType, good: unknown) {
  const guard = fastGuard(schema)
  expect(guard).toBeDefined()
  expect(guard!(good)).toBe(true)
  expect(schema.safeParse(good).success).toBe(true)
  let refused = 0
  for (const path of paths(good)) {
    for (const by of REPLACEMENTS) {
      const bad = replaced(good, path, by)
      const zod = schema.safeParse(bad).success
      if (guard!(bad) !== zod) throw new Error(`guard ${String(!zod)}, zod ${String(zod)} at ${path.join('.')} = ${String(by)}`)
      if (!zod) refused++
    }
  }
  // Most changes are refused (the test checks something).
  expect(refused).toBeGreaterThan(100)
}

describe('fastGuard', () => {
  it('passes exactly what zod passes, DispensaryStatus changed at every place', () => {
    agreesWithZod(dispensaryStatusListSchema, fixture)
  })

  it('passes exactly what zod passes, the homepage statistics changed at every place', () => {
    agreesWithZod(statisticsSchema, statistics)
  })

  // The shop's large files: objects that strip unknown keys, tuples, records and refinements (z.refine).
  it.each([
    ['a store’s menu', menuSchema, menu],
    ['the search’s stores', searchStoresSchema, searchStores],
    ['a search file', searchShardSchema, searchShard],
    ['a search’s first page', searchFirstSchema, searchFirst],
  ] as const)('passes exactly what zod passes, %s changed at every place', (_, schema, good) => {
    agreesWithZod(schema, good)
  })

  it('passes an object that drops unknown keys only without any, and a refinement only when it holds', () => {
    const columns = z.object({ a: z.array(z.number()), b: z.array(z.number()) }).check(z.refine((c) => c.a.length === c.b.length))
    const guard = fastGuard(columns)!
    expect(guard({ a: [1], b: [2] })).toBe(true)
    // zod passes it, but as a copy without c: not as it is.
    expect(guard({ a: [1], b: [2], c: 3 })).toBe(false)
    expect(guard({ a: [1], b: [] })).toBe(false)
    expect(columns.safeParse({ a: [1], b: [] }).success).toBe(false)
  })

  it('passes a tuple of exactly its items and a record of string keys, not a "__proto__" key zod would drop', () => {
    const pair = fastGuard(z.tuple([z.string(), z.number()]))!
    expect([pair(['a', 1]), pair(['a']), pair(['a', 1, 2]), pair([1, 'a'])]).toEqual([true, false, false, false])
    const record = fastGuard(z.record(z.string(), z.number()))!
    expect([record({ a: 1 }), record({}), record({ a: 'x' }), record([1]), record(JSON.parse('{"__proto__": 1}'))]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ])
  })

  it('refuses the roots zod refuses', () => {
    const guard = fastGuard(dispensaryStatusListSchema)!
    for (const root of [null, {}, 'x', 1, [null], [[]]]) expect(guard(root)).toBe(dispensaryStatusListSchema.safeParse(root).success)
  })

  it('gives no guard for a schema whose output is not its input', () => {
    expect(fastGuard(list(z.string()))).toBeUndefined()
    expect(fastGuard(z.strictObject({ a: z.string() }))).toBeUndefined()
    expect(fastGuard(z.url())).toBeUndefined()
    expect(fastGuard(z.looseObject({ at: timestamp, n: z._default(z.number(), 1) }))).toBeUndefined()
    expect(fastGuard(z.tuple([z.string()], z.number()))).toBeUndefined()
    expect(fastGuard(z.record(z.enum(['a', 'b']), z.number()))).toBeUndefined()
    expect(fastGuard(z.looseObject({ at: timestamp }))).toBeDefined()
  })
})
