/** IDLE_LIFETIME_MS is how long a snapshot stays cached once nothing shows it (the spec's 5 minutes). */
export const IDLE_LIFETIME_MS = 5 * 60_000

/**
 * IdleCache is an SWR cache provider (SWR accepts any Map-like cache) that
 * forgets an entry a set time after its last user let go of it.
 *
 * Why not dedupingInterval: SWR has no "cache time"; its default cache keeps
 * every entry for the life of the page, and dedupingInterval only merges
 * requests made close together. Expiry needs to know when an entry goes idle,
 * which a cache provider alone cannot see, so the snapshot hooks call retain()
 * while mounted and the returned release() starts the idle clock.
 */
export type IdleCache<V = unknown> = Map<string, V> & {
  /** retain marks key as in use until the returned release function is called. */
  retain(key: string): () => void
}

type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** createIdleCache makes an IdleCache; lifetimeMs and timers are injectable for tests. */
export function createIdleCache<V = unknown>(lifetimeMs: number = IDLE_LIFETIME_MS, timers: Timers = browserTimers): IdleCache<V> {
  const users = new Map<string, number>()
  const evictions = new Map<string, unknown>()
  const cache = new Map<string, V>() as IdleCache<V>

  const cancelEviction = (key: string) => {
    if (!evictions.has(key)) return
    timers.clearTimeout(evictions.get(key))
    evictions.delete(key)
  }

  cache.retain = (key) => {
    cancelEviction(key)
    users.set(key, (users.get(key) ?? 0) + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const left = (users.get(key) ?? 1) - 1
      if (left > 0) {
        users.set(key, left)
        return
      }
      users.delete(key)
      evictions.set(
        key,
        timers.setTimeout(() => {
          evictions.delete(key)
          cache.delete(key)
        }, lifetimeMs),
      )
    }
  }
  return cache
}

/** isIdleCache tells an IdleCache from a plain Map (tests give SWR a fresh Map). */
export function isIdleCache(cache: unknown): cache is IdleCache {
  return cache instanceof Map && typeof (cache as Partial<IdleCache>).retain === 'function'
}
