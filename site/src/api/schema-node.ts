/**
 * SchemaNode is what the site reads of a valibot schema or pipe action, a plain object: its kind
 * and type, its expectation in words, and the parts its type has (an object's entries, a list's
 * item, a tuple's items, a record's key and value, what a nullable or optional wraps, a pipe's
 * steps). The quick guards (fast-check.ts) are built from it, and describe-issue.ts finds the
 * schema of a missing field in it.
 */
export type SchemaNode = {
  kind: string
  type: string
  expects?: string
  pipe?: readonly SchemaNode[]
  entries?: Record<string, SchemaNode>
  item?: SchemaNode
  items?: readonly SchemaNode[]
  wrapped?: SchemaNode
  default?: unknown
  key?: SchemaNode
  value?: SchemaNode
  options?: readonly unknown[]
  literal?: unknown
  requirement?: unknown
}
