import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
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

// The guard must never pass what valibot refuses (the snapshot would be used unchecked),
// nor refuse what valibot passes as it is (a refused snapshot goes through valibot: slower).
// It refuses what valibot passes changed (an array where a record belongs: valibot's copy is
// an object), which must then be used as valibot gives it. Each case below is the fixture with one value
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

function agreesWithValibot(schema: v.GenericSchema, good: unknown) {
  const guard = fastGuard(schema)
  expect(guard).toBeDefined()
  expect(guard!(good)).toBe(true)
  expect(v.safeParse(schema, good).success).toBe(true)
  let refused = 0
  for (const path of paths(good)) {
    for (const by of REPLACEMENTS) {
      const bad = replaced(good, path, by)
      const result = v.safeParse(schema, bad)
      const asItIs = result.success && isDeepStrictEqual(result.output, bad)
      if (guard!(bad) !== asItIs) throw new Error(`guard ${String(!asItIs)}, valibot ${String(result.success)} at ${path.join('.')} = ${String(by)}`)
      if (!result.success) refused++
    }
  }
  // Most changes are refused (the test checks something).
  expect(refused).toBeGreaterThan(100)
}

describe('fastGuard', () => {
  it('passes exactly what valibot passes as it is, DispensaryStatus changed at every place', () => {
    agreesWithValibot(dispensaryStatusListSchema, fixture)
  })

  it('passes exactly what valibot passes as it is, the homepage statistics changed at every place', () => {
    agreesWithValibot(statisticsSchema, statistics)
  })

  // The shop's large files: objects that strip unknown keys, tuples, records and checks (v.check).
  it.each([
    ['a store’s menu', menuSchema, menu],
    ['the search’s stores', searchStoresSchema, searchStores],
    ['a search file', searchShardSchema, searchShard],
    ['a search’s first page', searchFirstSchema, searchFirst],
  ] as const)('passes exactly what valibot passes as it is, %s changed at every place', (_, schema, good) => {
    agreesWithValibot(schema, good)
  })

  it('passes an object that drops unknown keys only without any, and a refinement only when it holds', () => {
    const columns = v.pipe(
      v.object({ a: v.array(v.number()), b: v.array(v.number()) }),
      v.check((c) => c.a.length === c.b.length),
    )
    const guard = fastGuard(columns)!
    expect(guard({ a: [1], b: [2] })).toBe(true)
    // valibot passes it, but as a copy without c: not as it is.
    expect(guard({ a: [1], b: [2], c: 3 })).toBe(false)
    expect(guard({ a: [1], b: [] })).toBe(false)
    expect(v.safeParse(columns, { a: [1], b: [] }).success).toBe(false)
  })

  it('passes a tuple of exactly its items and a record of string keys, not a "__proto__" key valibot would drop', () => {
    const pair = fastGuard(v.strictTuple([v.string(), v.number()]))!
    expect([pair(['a', 1]), pair(['a']), pair(['a', 1, 2]), pair([1, 'a'])]).toEqual([true, false, false, false])
    const record = fastGuard(v.record(v.string(), v.number()))!
    expect([record({ a: 1 }), record({}), record({ a: 'x' }), record([1]), record(JSON.parse('{"__proto__": 1}'))]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ])
  })

  it('refuses the roots valibot refuses', () => {
    const guard = fastGuard(dispensaryStatusListSchema)!
    for (const root of [null, {}, 'x', 1, [null], [[]]]) expect(guard(root)).toBe(v.safeParse(dispensaryStatusListSchema, root).success)
  })

  it('gives no guard for a schema whose output is not its input', () => {
    expect(fastGuard(list(v.string()))).toBeUndefined()
    expect(fastGuard(v.pipe(v.string(), v.url()))).toBeUndefined()
    expect(fastGuard(v.looseObject({ at: timestamp, n: v.optional(v.number(), 1) }))).toBeUndefined()
    expect(fastGuard(v.nullable(v.number(), 0))).toBeUndefined()
    expect(fastGuard(v.tupleWithRest([v.string()], v.number()))).toBeUndefined()
    expect(fastGuard(v.strictTuple([v.string(), v.optional(v.number())]))).toBeUndefined()
    expect(fastGuard(v.record(v.picklist(['a', 'b']), v.number()))).toBeUndefined()
    expect(fastGuard(v.looseObject({ at: timestamp }))).toBeDefined()
  })

  it('passes a strict object only without unknown keys, and a loose one without a key valibot would drop', () => {
    const strict = fastGuard(v.strictObject({ a: v.string() }))!
    expect([strict({ a: 'x' }), strict({ a: 'x', b: 1 }), strict({})]).toEqual([true, false, false])
    expect(v.safeParse(v.strictObject({ a: v.string() }), { a: 'x', b: 1 }).success).toBe(false)
    const loose = v.looseObject({ a: v.string() })
    const bad = JSON.parse('{"a": "x", "__proto__": 1}') as unknown
    expect([fastGuard(loose)!({ a: 'x', b: 1 }), fastGuard(loose)!(bad)]).toEqual([true, false])
    // valibot passes it, but as a copy without the "__proto__" key.
    expect(Object.hasOwn(v.parse(loose, bad), '__proto__')).toBe(false)
  })

  it('refuses an object without a key whose schema takes anything, as valibot does', () => {
    const any = v.looseObject({ a: v.unknown(), b: v.optional(v.string()) })
    const guard = fastGuard(any)!
    for (const value of [{ a: 1 }, { a: undefined }, {}, { b: 'x' }]) expect(guard(value)).toBe(v.safeParse(any, value).success)
  })

  it('checks a number against its pipe as valibot does', () => {
    const guard = fastGuard(v.pipe(v.number(), v.safeInteger(), v.gtValue(0), v.ltValue(10)))!
    expect([1, 9, 0, 10, 2.5, -1].map(guard)).toEqual([true, true, false, false, false, false])
    const limits = fastGuard(v.pipe(v.number(), v.minValue(0), v.maxValue(1)))!
    expect([0, 1, 0.5, -0.1, 1.1].map(limits)).toEqual([true, true, true, false, false])
  })
})
