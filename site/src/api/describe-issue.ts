import type * as v from 'valibot'
import type { SchemaNode } from './schema-node'

// Words a snapshot's first validation issue as "expected …, got …": the schema's
// expectation in plain words and what arrived instead (valibot's own messages
// say the same with more words: 'Invalid type: Expected number but received "12"').

function typeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

function shortValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  if (value === null || typeof value !== 'object') return String(value)
  return typeName(value)
}

/** plain turns valibot's expects ('Object', '("a" | "b")', '(string | null)') into words: object, one of "a", "b", string or null. */
function plain(expects: string): string {
  const options = expects.replace(/^\((.*)\)$/, '$1').split(' | ')
  const words = options.map((option) => (option === 'Object' || option === 'Array' ? option.toLowerCase() : option))
  if (words.length > 1 && words.every((word) => word.startsWith('"'))) return `one of ${words.join(', ')}`
  return words.join(' or ')
}

/** entryAt is the schema of the field at path under root (through pipes, nullables and optionals), to word a missing field. */
function entryAt(root: v.GenericSchema, path: readonly v.IssuePathItem[]): SchemaNode | undefined {
  let schema: SchemaNode | undefined = root as unknown as SchemaNode
  for (const item of path) {
    while (schema?.pipe || schema?.wrapped) schema = schema.pipe ? schema.pipe[0] : schema.wrapped
    if (!schema) return undefined
    const key = item.key as string | number
    schema = schema.entries?.[key] ?? schema.item ?? schema.items?.[key as number] ?? schema.value
  }
  return schema
}

/** describeIssue explains one validation issue of a value checked against schema. */
export function describeIssue(issue: v.BaseIssue<unknown>, schema: v.GenericSchema): string {
  const input = issue.input
  const last = issue.path?.at(-1)
  if (issue.kind === 'schema') {
    // A key or item beyond the strict shape's (valibot gives the key as input, its value in the path).
    if (issue.type === 'strict_object' || issue.type === 'strict_tuple') return `expected nothing more, got ${shortValue(last?.value)}`
    // A key the object lacks: valibot names the key, not what its value should be.
    if (last?.origin === 'key') return `expected ${plain(entryAt(schema, issue.path ?? [])?.expects ?? issue.expected ?? 'a value')}, got undefined`
    if (issue.type === 'picklist' || issue.type === 'literal') return `expected ${plain(issue.expected ?? '')}, got ${shortValue(input)}`
    return `expected ${plain(issue.expected ?? '')}, got ${typeName(input)}`
  }
  switch (issue.type) {
    case 'iso_timestamp':
      return `expected an RFC 3339 date-time, got ${shortValue(input)}`
    case 'url':
      return `expected an absolute URL, got ${shortValue(input)}`
    case 'safe_integer':
      return `expected an integer (a whole number within ±${Number.MAX_SAFE_INTEGER}), got ${shortValue(input)}`
    case 'min_value':
    case 'max_value':
    case 'gt_value':
    case 'lt_value':
      return `must be ${(issue.expected ?? '').replace(/^([<>]=?)/, '$1 ')}, got ${shortValue(input)}`
    case 'regex':
      // The schemas' patterns carry their own words: 'a day written as "YYYY-MM-DD"'.
      return `expected ${issue.message}, got ${shortValue(input)}`
    default:
      return `${issue.message}, got ${shortValue(input)}`
  }
}
