import { env } from '../config/env'
import { formatIssuePath, HttpError, SnapshotShapeError } from './errors'
import * as v from 'valibot'

const XSRF_COOKIE = 'XSRF-TOKEN'
const XSRF_HEADER = 'X-XSRF-TOKEN'

export type FetchSnapshotOptions = {
  /** Base URL of the published tree; defaults to VITE_DATA_URL ('' = this origin). */
  baseUrl?: string
  signal?: AbortSignal
}

/** snapshotUrl is where a snapshot lives: {baseUrl}/api/{name}, resolved against the page. */
export function snapshotUrl(name: string, baseUrl: string = env.dataUrl): URL {
  return new URL(`${baseUrl}/api/${name}`, window.location.href)
}

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0) continue
    if (part.slice(0, separator).trim() !== name) continue
    const raw = part.slice(separator + 1).trim()
    try {
      return decodeURIComponent(raw)
    } catch {
      return raw
    }
  }
  return undefined
}

function requestHeaders(url: URL): Headers {
  const headers = new Headers({ Accept: 'application/json' })
  // The anti-forgery pair only makes sense where the cookie came from: sending
  // this origin's token to a CDN would leak it and force a CORS preflight.
  const token = url.origin === window.location.origin ? readCookie(XSRF_COOKIE) : undefined
  if (token) headers.set(XSRF_HEADER, token)
  return headers
}

/**
 * OFFLINE_COPY_HEADER is set by the service worker (src/sw/sw.ts) on a snapshot
 * it answers from its cache because the network failed: the time (epoch ms)
 * that copy was saved.
 */
export const OFFLINE_COPY_HEADER = 'X-OMC-Saved-At'

/**
 * Loaded is a snapshot with where it came from: savedAt is set for an offline
 * copy, with lastModified, the server's publication time of that copy (its
 * Last-Modified) when it gave one.
 */
export type Loaded<D> = { data: D; savedAt?: number; lastModified?: number }

/**
 * Raw is a snapshot's JSON before its shape is checked; version names its bytes
 * (the server's ETag, else its Last-Modified and length) when the server said.
 */
export type Raw = { body: unknown; savedAt?: number; lastModified?: number; version?: string }

/**
 * loadSnapshot GETs a published snapshot (name: its path after /api/) and
 * checks it against its shape, telling an offline copy from the service worker
 * apart. Status 200–299 is success (anything else throws HttpError), a shape
 * mismatch throws SnapshotShapeError. There is deliberately no time-out: a slow
 * CDN answer still beats no answer.
 */
export async function loadSnapshot<S extends v.GenericSchema>(
  name: string,
  schema: S,
  options: FetchSnapshotOptions = {},
): Promise<Loaded<v.InferOutput<S>>> {
  return parseSnapshot(name, schema, await fetchRaw(name, options))
}

/** fetchRaw GETs a snapshot's JSON (HttpError outside 200–299, SnapshotShapeError if it is not JSON). */
export async function fetchRaw(name: string, { baseUrl = env.dataUrl, signal }: FetchSnapshotOptions = {}): Promise<Raw> {
  const url = snapshotUrl(name, baseUrl)
  let response: Response
  try {
    response = await fetch(url, { headers: requestHeaders(url), credentials: 'same-origin', signal })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`GET ${url.pathname} failed: ${reason}`, { cause: error })
  }
  if (response.status < 200 || response.status > 299) {
    const text = response.statusText ? ` ${response.statusText}` : ''
    throw new HttpError(response.status, url.href, `GET ${url.pathname} failed: HTTP ${response.status}${text}`)
  }

  let body: unknown
  try {
    body = await response.json()
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new SnapshotShapeError(name, '(root)', `not valid JSON (${reason})`)
  }
  const raw: Raw = { body }
  const version = versionOf(response.headers)
  if (version) raw.version = version
  const savedAt = Number(response.headers.get(OFFLINE_COPY_HEADER))
  if (savedAt > 0) {
    raw.savedAt = savedAt
    const lastModified = Date.parse(response.headers.get('Last-Modified') ?? '')
    if (Number.isFinite(lastModified)) raw.lastModified = lastModified
  }
  return raw
}

/**
 * versionOf names a response's bytes: its ETag, else its Last-Modified with its
 * length (omc serve sends no ETag; a publish rewrites a snapshot at most every
 * few hours, never twice in a second at the same length). Undefined when the
 * server says neither.
 */
function versionOf(headers: Headers): string | undefined {
  const etag = headers.get('ETag')
  if (etag) return etag
  const modified = headers.get('Last-Modified')
  return modified ? `${modified}|${headers.get('Content-Length') ?? ''}` : undefined
}

/**
 * checked remembers, per snapshot, the last version whose shape was checked and
 * its data (weakly: SWR's cache decides how long data lives). A revalidation that
 * gets the same bytes again (a focus, a second screen, the map after the status
 * page) then skips the check, which for the 2,000-store status snapshot is the
 * largest piece of work between the answer and the cards.
 */
const checked = new Map<string, { schema: v.GenericSchema; version: string; data: WeakRef<object> }>()

/** clearChecked forgets every checked version (between tests). */
export function clearChecked(): void {
  checked.clear()
}

/**
 * parseSnapshot checks a snapshot's JSON against its shape (SnapshotShapeError
 * naming the first bad place), once per version of the snapshot (see checked).
 * Asynchronous because the code that words the problem (describe-issue.ts) loads
 * only when there is one: every page checks snapshots, few ever see a bad one.
 */
export async function parseSnapshot<S extends v.GenericSchema>(name: string, schema: S, raw: Raw): Promise<Loaded<v.InferOutput<S>>> {
  return loadedOf(raw, (checkedBefore(name, schema, raw) ?? (await check(name, schema, raw))) as v.InferOutput<S>)
}

/**
 * parseArrived is parseSnapshot at once, for an answer that had arrived before the screen
 * asking for it rendered (a prefetch, api/prefetch.ts): its data, checked, so the screen's
 * first render shows it rather than a loading state; undefined when its shape is wrong (the
 * screen then asks the usual way, and parseSnapshot says what is wrong).
 */
export function parseArrived<S extends v.GenericSchema>(name: string, schema: S, raw: Raw): Loaded<v.InferOutput<S>> | undefined {
  const before = checkedBefore(name, schema, raw)
  if (before !== undefined) return remember(raw, schema, before) as Loaded<v.InferOutput<S>>
  const result = checkNow(name, schema, raw)
  return 'loaded' in result ? (result.loaded as Loaded<v.InferOutput<S>>) : undefined
}

function loadedOf<D>(raw: Raw, data: D): Loaded<D> {
  if (raw.savedAt === undefined) return { data }
  return raw.lastModified !== undefined ? { data, savedAt: raw.savedAt, lastModified: raw.lastModified } : { data, savedAt: raw.savedAt }
}

/**
 * fetchSiteFile GETs a JSON file shipped with the site itself (a hashed asset
 * such as the map's Ohio outline), not a snapshot: same origin, no data URL.
 */
export async function fetchSiteFile(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } })
  if (response.status < 200 || response.status > 299) {
    throw new HttpError(response.status, response.url || url, `GET ${url} failed: HTTP ${response.status}`)
  }
  return response.json()
}

/**
 * checkedBefore is the data of this very version of snapshot name, when its shape was checked
 * against schema before and the data is still held; or of this very answer (raw), which a
 * screen's first render checks when it had already arrived (parseArrived).
 */
function checkedBefore(name: string, schema: v.GenericSchema, raw: Raw): unknown {
  const same = checkedAnswers.get(raw)
  if (same?.schema === schema) return same.loaded.data
  const last = raw.version === undefined ? undefined : checked.get(name)
  if (!last || last.schema !== schema || last.version !== raw.version) return undefined
  return last.data.deref()
}

/**
 * checkedAnswers are the answers checked, by answer, as loaded (one object per answer, which
 * parseArrived hands out): held as long as the answer is (a prefetch's, api/prefetch.ts).
 */
const checkedAnswers = new WeakMap<Raw, { schema: v.GenericSchema; loaded: Loaded<unknown> }>()

/**
 * remember records data as answer raw's, checked against schema, and returns it as loaded: the
 * object recorded before for this answer, if any (a screen's memos keep their inputs across
 * renders).
 */
function remember(raw: Raw, schema: v.GenericSchema, data: unknown): Loaded<unknown> {
  const same = checkedAnswers.get(raw)
  if (same?.schema === schema) return same.loaded
  const loaded = loadedOf(raw, data)
  checkedAnswers.set(raw, { schema, loaded })
  return loaded
}

/**
 * guards are the quick checks of the schemas of large snapshots (fast-check.ts's
 * guarded registers them): that code loads with the screens showing those snapshots,
 * not with every page.
 */
const guards = new WeakMap<v.GenericSchema, (value: unknown) => boolean>()

/** setGuard makes the shape checks of schema try guard first (see check). */
export function setGuard(schema: v.GenericSchema, guard: (value: unknown) => boolean): void {
  guards.set(schema, guard)
}

/**
 * check checks raw's JSON against schema (SnapshotShapeError naming the first bad place) and remembers its version as checked.
 * A snapshot its schema's guard passes (fast-check.ts, for the schemas given one) is used as it is; one it does not, or one whose schema has no
 * guard, goes through valibot, whose issue describe-issue.ts words.
 */
async function check(name: string, schema: v.GenericSchema, raw: Raw): Promise<unknown> {
  const result = checkNow(name, schema, raw)
  if ('loaded' in result) return result.loaded.data
  const { issue } = result
  if (!issue) throw new SnapshotShapeError(name, '(root)', 'rejected without a reason')
  const { describeIssue } = await import('./describe-issue')
  throw new SnapshotShapeError(name, formatIssuePath(issue.path), describeIssue(issue, schema))
}

/** checkNow is check's work, done at once: the data as loaded, or the first issue valibot found (undefined: none given). */
function checkNow(name: string, schema: v.GenericSchema, raw: Raw): { loaded: Loaded<unknown> } | { issue: v.BaseIssue<unknown> | undefined } {
  let data: unknown = raw.body
  if (!guards.get(schema)?.(raw.body)) {
    // Only the first issue is reported: valibot stops at it.
    const result = v.safeParse(schema, raw.body, { abortEarly: true })
    if (!result.success) return { issue: result.issues[0] }
    data = result.output
  }
  if (raw.version !== undefined && typeof data === 'object' && data !== null) {
    checked.set(name, { schema, version: raw.version, data: new WeakRef(data) })
  }
  return { loaded: remember(raw, schema, data) }
}
