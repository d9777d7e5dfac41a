import type * as z from 'zod/mini'
import { setGuard } from './fetcher'

// zod checks a snapshot by walking its schema for every value, building an issue
// list and a copy of each object as it goes: for the 2,000-store DispensaryStatus
// about 80 ms in Node, several times that in a slow phone's browser. Its faster,
// compiled checks need new Function, which the site's CSP forbids. fastGuard turns
// a schema into plain closures instead (no code generation), for the schemas whose
// output is their input unchanged: a snapshot that passes is used as it is, one
// that fails goes through zod, whose issue names the field and the problem as
// before. An object that strips unknown keys passes only without any (zod's copy
// would differ); a refinement (z.refine) is called as zod calls it. Anything it does
// not know (a transform, a default, a check it cannot repeat exactly) makes it give
// no guard at all.

/** Guard says whether a value is certainly what its schema accepts, and accepts unchanged. */
export type Guard = (value: unknown) => boolean

type Def = { type: string; [key: string]: unknown }
type CheckDef = { check: string; format?: string; pattern?: unknown; value?: unknown; inclusive?: boolean; fn?: unknown }

class Unsupported extends Error {}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def
const checksOf = (def: Def): CheckDef[] => ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def)

const guards = new WeakMap<object, Guard | null>()

/** fastGuard is schema's guard, built once per schema; undefined when the schema has a part it cannot check exactly. */
export function fastGuard(schema: z.ZodMiniType): Guard | undefined {
  let guard = guards.get(schema)
  if (guard === undefined) {
    try {
      guard = build(schema)
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error
      guard = null
    }
    guards.set(schema, guard)
  }
  return guard ?? undefined
}

/** guarded gives schema its guard in the snapshot checks (fetcher.ts), when it can have one, and returns it. */
export function guarded<S extends z.ZodMiniType>(schema: S): S {
  const guard = fastGuard(schema)
  if (guard) setGuard(schema, guard)
  return schema
}

/** pattern is a regular expression a check tests strings with (one without state: no g or y flag). */
function pattern(value: unknown): RegExp {
  if (!(value instanceof RegExp) || value.global || value.sticky) throw new Unsupported()
  return value
}

function build(schema: unknown): Guard {
  const def = defOf(schema)
  const base = baseGuard(def)
  const checks = checksOf(def).map(checkGuard)
  if (checks.length === 0) return base
  return (v) => base(v) && checks.every((check) => check(v))
}

function baseGuard(def: Def): Guard {
  switch (def.type) {
    case 'string': {
      if (def.format === undefined) return (v) => typeof v === 'string'
      // The formats zod checks with one regular expression (iso.datetime and its kin).
      if (def.format !== 'datetime' && def.format !== 'date' && def.format !== 'time') throw new Unsupported()
      const re = pattern(def.pattern)
      return (v) => typeof v === 'string' && re.test(v)
    }
    case 'number':
      if (def.format === undefined) return (v) => typeof v === 'number' && Number.isFinite(v)
      if (def.format === 'safeint') return (v) => Number.isSafeInteger(v)
      throw new Unsupported()
    case 'boolean':
      return (v) => typeof v === 'boolean'
    case 'enum': {
      const values = new Set(Object.values(def.entries as Record<string, unknown>))
      return (v) => values.has(v)
    }
    case 'nullable': {
      const inner = build(def.innerType)
      return (v) => v === null || inner(v)
    }
    case 'optional': {
      const inner = build(def.innerType)
      return (v) => v === undefined || inner(v)
    }
    case 'array': {
      const element = build(def.element)
      // By index, as zod reads it (every() would skip a hole).
      return (v) => {
        if (!Array.isArray(v)) return false
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false
        return true
      }
    }
    case 'object':
      return objectGuard(def)
    case 'tuple': {
      // A tuple of required items only, without a rest: exactly that many (optional items may be left off, a rest adds more).
      const items = (def.items as unknown[]).map((item) => {
        if ((item as { _zod: { optin?: string } })._zod.optin === 'optional') throw new Unsupported()
        return build(item)
      })
      if (def.rest) throw new Unsupported()
      return (v) => Array.isArray(v) && v.length === items.length && items.every((item, i) => item(v[i]))
    }
    case 'record': {
      // String keys only (an enum's would have to be all there); zod drops a "__proto__" key, so one goes through zod.
      const keyDef = defOf(def.keyType)
      if (keyDef.type !== 'string' || keyDef.format !== undefined || checksOf(keyDef).length > 0) throw new Unsupported()
      const value = build(def.valueType)
      return (v) => {
        if (!isPlainRecord(v)) return false
        for (const key of Object.keys(v)) if (key === '__proto__' || !value(v[key])) return false
        return true
      }
    }
    default:
      throw new Unsupported()
  }
}

/** isPlainRecord: a JSON object (zod's records and objects refuse arrays; JSON.parse makes no other kind). */
function isPlainRecord(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false
  const proto = Object.getPrototypeOf(v) as unknown
  return proto === Object.prototype || proto === null
}

/**
 * objectGuard checks an object's fields. A loose object gives its input back as it is;
 * a plain one drops unknown keys, so it passes only without any; a strict one refuses
 * them with an issue of its own (left to zod).
 */
function objectGuard(def: Def): Guard {
  const loose = def.catchall !== undefined && defOf(def.catchall).type === 'unknown'
  if (def.catchall !== undefined && !loose) throw new Unsupported()
  const shape = def.shape as Record<string, unknown>
  const fields = Object.entries(shape).map(([key, field]) => [key, build(field)] as const)
  const known = new Set(Object.keys(shape))
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false
    const record = v as Record<string, unknown>
    for (const [key, guard] of fields) if (!guard(record[key])) return false
    if (!loose) for (const key in record) if (!known.has(key)) return false
    return true
  }
}

function checkGuard(check: CheckDef): Guard {
  switch (check.check) {
    case 'custom': {
      // A refinement (z.refine): zod passes what its function says is true; a promise (an async check) is left to zod.
      const fn = check.fn
      if (typeof fn !== 'function') throw new Unsupported()
      return (v) => (fn as (value: unknown) => unknown)(v) === true
    }
    case 'string_format': {
      if (check.format !== 'regex') throw new Unsupported()
      const re = pattern(check.pattern)
      return (v) => re.test(v as string)
    }
    case 'greater_than':
    case 'less_than': {
      const limit = check.value
      if (typeof limit !== 'number') throw new Unsupported()
      const above = check.check === 'greater_than'
      return (v) => {
        const n = v as number
        if (check.inclusive) return above ? n >= limit : n <= limit
        return above ? n > limit : n < limit
      }
    }
    default:
      throw new Unsupported()
  }
}
