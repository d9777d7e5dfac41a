import type * as v from 'valibot'
import { setGuard } from './fetcher'
import type { SchemaNode as Node } from './schema-node'

// valibot checks a snapshot by walking its schema for every value, building a copy
// of each object and array as it goes: for the 2,000-store DispensaryStatus tens of
// milliseconds in Node, several times that in a slow phone's browser. fastGuard turns
// a schema into plain closures that only read (no code generation: the site's CSP
// forbids new Function), for the schemas whose output is their input unchanged: a
// snapshot that passes is used as it is, one that fails goes through valibot, whose
// issue names the field and the problem. An object that strips unknown keys passes
// only without any (valibot's copy would differ); a check (v.check) is called as
// valibot calls it. Anything it does not know (a transform, a default, an action it
// cannot repeat exactly) makes it give no guard at all.

/** Guard says whether a value is certainly what its schema accepts, and accepts unchanged. */
export type Guard = (value: unknown) => boolean

class Unsupported extends Error {}

const guards = new WeakMap<object, Guard | null>()

/** fastGuard is schema's guard, built once per schema; undefined when the schema has a part it cannot check exactly. */
export function fastGuard(schema: v.GenericSchema): Guard | undefined {
  let guard = guards.get(schema)
  if (guard === undefined) {
    try {
      guard = build(schema as unknown as Node)
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error
      guard = null
    }
    guards.set(schema, guard)
  }
  return guard ?? undefined
}

/** guarded gives schema its guard in the snapshot checks (fetcher.ts), when it can have one, and returns it. */
export function guarded<S extends v.GenericSchema>(schema: S): S {
  const guard = fastGuard(schema)
  if (guard) setGuard(schema, guard)
  return schema
}

/** pattern is a regular expression a check tests strings with (one without state: no g or y flag). */
function pattern(value: unknown): RegExp {
  if (!(value instanceof RegExp) || value.global || value.sticky) throw new Unsupported()
  return value
}

/**
 * build is a schema's guard: its own type's, then each of its pipe's actions in turn (a
 * pipe's first item is the schema piped; a schema later in it checks the value again).
 */
function build(schema: Node): Guard {
  if (!schema.pipe) return baseGuard(schema)
  const [first, ...rest] = schema.pipe
  const steps = [
    build(first!),
    ...rest.filter((item) => item.kind !== 'metadata').map((item) => (item.kind === 'schema' ? build(item) : actionGuard(item))),
  ]
  if (steps.length === 1) return steps[0]!
  return (value) => steps.every((step) => step(value))
}

/** The schema types whose guard passes undefined without being optional. */
const TAKE_UNDEFINED = new Set(['unknown', 'any'])

/** Keys valibot leaves out of the copy of an object or record it makes (its _isValidObjectKey): a value with one is not passed as it is. */
const DROPPED_KEYS = ['__proto__', 'prototype', 'constructor']

function baseGuard(schema: Node): Guard {
  switch (schema.type) {
    case 'string':
      return (value) => typeof value === 'string'
    case 'number':
      return (value) => typeof value === 'number' && !Number.isNaN(value)
    case 'boolean':
      return (value) => typeof value === 'boolean'
    case 'unknown':
      return () => true
    case 'picklist': {
      const options = new Set(schema.options)
      return (value) => options.has(value)
    }
    case 'literal': {
      const literal = schema.literal
      return (value) => value === literal
    }
    case 'nullable':
    case 'optional': {
      // A default would put itself in the value's place.
      if (schema.default !== undefined) throw new Unsupported()
      const inner = build(schema.wrapped!)
      const empty = schema.type === 'nullable' ? null : undefined
      return (value) => value === empty || inner(value)
    }
    case 'array': {
      const item = build(schema.item!)
      // By index, as valibot reads it (every() would skip a hole).
      return (value) => {
        if (!Array.isArray(value)) return false
        for (let i = 0; i < value.length; i++) if (!item(value[i])) return false
        return true
      }
    }
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return objectGuard(schema)
    case 'strict_tuple': {
      // Exactly its items, none optional: valibot's copy of a shorter one would be filled out with undefined.
      const items = schema.items!.map((item) => {
        if (item.type === 'optional') throw new Unsupported()
        return build(item)
      })
      return (value) => Array.isArray(value) && value.length === items.length && items.every((item, i) => item(value[i]))
    }
    case 'record': {
      // String keys only (a picklist's would have to be all there).
      const key = schema.key!
      if (key.type !== 'string' || key.pipe) throw new Unsupported()
      const item = build(schema.value!)
      return (value) => {
        if (!isPlainRecord(value)) return false
        for (const name of Object.keys(value)) if (DROPPED_KEYS.includes(name) || !item(value[name])) return false
        return true
      }
    }
    default:
      throw new Unsupported()
  }
}

/** isPlainRecord: a JSON object (not an array: valibot's records and objects take one, the guard leaves that to valibot). */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/**
 * objectGuard checks an object's fields. A loose object gives its input back as it is
 * (less the keys valibot drops); a plain one drops unknown keys, so it passes only without
 * any; a strict one refuses them, so the same.
 */
function objectGuard(schema: Node): Guard {
  const entries = schema.entries!
  const fields = Object.entries(entries).map(([key, field]) => [key, build(field)] as const)
  // valibot wants a key that is not optional to be there, even when its schema takes undefined
  // (v.unknown()): a missing one reads as undefined to the other guards, which refuse it.
  const present = Object.keys(entries).filter((key) => TAKE_UNDEFINED.has(entries[key]!.type))
  const known = new Set(Object.keys(entries))
  const loose = schema.type === 'loose_object'
  const dropped = DROPPED_KEYS.filter((key) => !known.has(key))
  return (value) => {
    if (!isPlainRecord(value)) return false
    for (const [key, guard] of fields) if (!guard(value[key])) return false
    for (const key of present) if (!(key in value)) return false
    if (!loose) {
      for (const key in value) if (!known.has(key)) return false
    } else {
      for (const key of dropped) if (Object.hasOwn(value, key)) return false
    }
    return true
  }
}

/** actionGuard is a validation action's guard; valibot runs an action only on a value its schema passed. */
function actionGuard(action: Node): Guard {
  if (action.kind !== 'validation') throw new Unsupported()
  const requirement = action.requirement
  switch (action.type) {
    case 'check': {
      // v.check passes what its function says is truthy; an async one is left to valibot.
      if (typeof requirement !== 'function') throw new Unsupported()
      return (value) => Boolean((requirement as (value: unknown) => unknown)(value))
    }
    case 'regex':
    case 'iso_timestamp': {
      const re = pattern(requirement)
      return (value) => re.test(value as string)
    }
    case 'safe_integer':
      return (value) => Number.isSafeInteger(value)
    case 'min_value':
    case 'max_value':
    case 'gt_value':
    case 'lt_value': {
      if (typeof requirement !== 'number') throw new Unsupported()
      const limit = requirement
      if (action.type === 'min_value') return (value) => (value as number) >= limit
      if (action.type === 'max_value') return (value) => (value as number) <= limit
      if (action.type === 'gt_value') return (value) => (value as number) > limit
      return (value) => (value as number) < limit
    }
    default:
      throw new Unsupported()
  }
}
