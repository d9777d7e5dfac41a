import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { httpUrl, market } from './common-schemas'
import { describeIssue } from './describe-issue'

/** problem is how the first issue of value against schema is worded. */
function problem(schema: v.GenericSchema, value: unknown): string {
  const result = v.safeParse(schema, value, { abortEarly: true })
  if (result.success) throw new Error('expected an issue')
  return describeIssue(result.issues[0], schema)
}

describe('describeIssue', () => {
  it('names the type a missing field should have, through lists, nullables and pipes', () => {
    const shape = v.looseObject({ stores: v.array(v.looseObject({ name: v.nullable(v.string()), count: v.pipe(v.number(), v.minValue(0)) })) })
    expect(problem(shape, { stores: [{ count: 1 }] })).toBe('expected string or null, got undefined')
    expect(problem(shape, { stores: [{ name: 'A' }] })).toBe('expected number, got undefined')
  })

  it('words a choice, a link, a limit and an unknown key', () => {
    expect(problem(market, 'adult-use')).toBe('expected one of "recreational", "medical", got "adult-use"')
    expect(problem(httpUrl, 'not a link')).toBe('expected an absolute URL, got "not a link"')
    expect(problem(httpUrl, 'ftp://example.org/x')).toBe('expected an http(s) link, got "ftp://example.org/x"')
    expect(problem(v.pipe(v.number(), v.minValue(0)), -4)).toBe('must be >= 0, got -4')
    expect(problem(v.strictObject({ a: v.string() }), { a: 'x', b: 3 })).toBe('expected nothing more, got 3')
  })
})
