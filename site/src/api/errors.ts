import type * as v from 'valibot'

/** HttpError is thrown for a response outside 200–299; status says which. */
export class HttpError extends Error {
  override name = 'HttpError'
  readonly status: number
  readonly url: string

  constructor(status: number, url: string, message: string) {
    super(message)
    this.status = status
    this.url = url
  }
}

/**
 * SnapshotShapeError is thrown when a snapshot's JSON is not what omc publish
 * writes. path is the first bad place, e.g. "[3].marketStatuses[0].lastFlower".
 * Retrying cannot fix it, so it is never retried.
 */
export class SnapshotShapeError extends Error {
  override name = 'SnapshotShapeError'
  readonly snapshot: string
  readonly path: string

  constructor(snapshot: string, path: string, problem: string) {
    super(`snapshot ${snapshot} has an unexpected shape at ${path}: ${problem}`)
    this.snapshot = snapshot
    this.path = path
  }
}

/** formatIssuePath turns a validation issue's path into "[3].marketStatuses[0].market" ("(root)" when it has none). */
export function formatIssuePath(path: readonly v.IssuePathItem[] | undefined): string {
  if (!path || path.length === 0) return '(root)'
  return path
    .map(({ key }, index) => {
      if (typeof key === 'number') return `[${key}]`
      const name = String(key)
      return index === 0 ? name : `.${name}`
    })
    .join('')
}
