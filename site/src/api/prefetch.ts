import { fetchRaw, type Raw } from './fetcher'
import { publishedWithPage } from './page-data'

// A prefetched answer is handed to the first hook that asks within this window;
// after that it is too old to pass off as a fresh request.
const FRESH_FOR_MS = 10_000

type Pending = { promise: Promise<unknown>; startedAt: number; arrived?: Raw }
const pending = new Map<string, Pending>()

/**
 * prefetchSnapshot starts downloading (its shape is checked by the hook that
 * takes it, so the shapes load with the screen's code) a snapshot while the route's code is still
 * downloading, so data and code arrive together instead of one after the other.
 */
export function prefetchSnapshot(name: string): void {
  // The page came with it (page-data.ts): nothing to download.
  if (publishedWithPage(name)) return
  const existing = pending.get(name)
  if (existing && Date.now() - existing.startedAt < FRESH_FOR_MS) return
  const promise = fetchRaw(name)
  const entry: Pending = { promise, startedAt: Date.now() }
  // The hook that takes it handles the error; this only stops an
  // "unhandled rejection" report when nobody takes it.
  promise.then((raw) => (entry.arrived = raw)).catch(() => undefined)
  pending.set(name, entry)
}

/**
 * arrivedPrefetch is the answer of a recent prefetch of name that has already arrived, left
 * for takePrefetched (a hook rendering it at once asks for nothing); undefined otherwise.
 */
export function arrivedPrefetch(name: string): Raw | undefined {
  const entry = pending.get(name)
  return entry && Date.now() - entry.startedAt < FRESH_FOR_MS ? entry.arrived : undefined
}

/** takePrefetched returns (once) a recent prefetch of name, or undefined. */
export function takePrefetched(name: string): Promise<Raw> | undefined {
  const entry = pending.get(name)
  pending.delete(name)
  if (!entry || Date.now() - entry.startedAt >= FRESH_FOR_MS) return undefined
  return entry.promise as Promise<Raw>
}

/** clearPrefetched drops every pending prefetch (between tests). */
export function clearPrefetched(): void {
  pending.clear()
}
