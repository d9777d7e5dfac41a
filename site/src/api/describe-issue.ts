import type * as z from 'zod/mini'

// zod/mini ships no English messages ("Invalid input" for everything) to stay
// small; these few lines say what was expected and what arrived instead.

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

/** describeIssue explains one validation issue; parse with reportInput so the received value is known. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const input = issue.input
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, got ${typeName(input)}`
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${shortValue(input)}`
    case 'invalid_format':
      return issue.format === 'datetime'
        ? `expected an RFC 3339 date-time, got ${shortValue(input)}`
        : `expected ${issue.format} format, got ${shortValue(input)}`
    case 'too_small':
      return `must be ${issue.inclusive ? '>=' : '>'} ${String(issue.minimum)}, got ${shortValue(input)}`
    case 'too_big':
      return `must be ${issue.inclusive ? '<=' : '<'} ${String(issue.maximum)}, got ${shortValue(input)}`
    default:
      return `${issue.message}, got ${shortValue(input)}`
  }
}
