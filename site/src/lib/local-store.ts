import { useSyncExternalStore } from 'react'

/** LocalStore is one value kept in localStorage, shared by every component using it. */
export type LocalStore<T> = {
  get: () => T
  set: (next: T | ((current: T) => T)) => void
  subscribe: (listener: () => void) => () => void
  /** use reads the value in a component: the fallback while pre-rendering and hydrating, the stored value after. */
  use: () => T
}

// Text that is not JSON reaches parse as the string it is, which parse must refuse
// anyway (a JSON string is valid JSON), so parse sees every bad value and can say so.
const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}

/**
 * createLocalStore keeps a value in localStorage under key. parse turns what
 * was stored (any JSON, possibly from an older version or edited by hand) into
 * a valid value, falling back to fallback piece by piece; a browser with
 * storage disabled keeps the value for the visit only. Other tabs' changes
 * arrive through the storage event.
 */
export function createLocalStore<T>(key: string, parse: (stored: unknown) => T, fallback: T): LocalStore<T> {
  let value: T | undefined
  const listeners = new Set<() => void>()

  const read = (): T => {
    try {
      const raw = window.localStorage.getItem(key)
      return raw === null ? fallback : parse(parseJson(raw))
    } catch {
      return fallback
    }
  }
  const get = (): T => {
    if (value === undefined) value = read()
    return value
  }
  const emit = () => listeners.forEach((listener) => listener())
  const set: LocalStore<T>['set'] = (next) => {
    value = typeof next === 'function' ? (next as (current: T) => T)(get()) : next
    try {
      window.localStorage.setItem(key, JSON.stringify(value))
    } catch {
      // storage full or disabled: the value lives for this visit
    }
    emit()
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key) return
    value = read()
    emit()
  }
  const subscribe = (listener: () => void) => {
    if (listeners.size === 0) window.addEventListener('storage', onStorage)
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0) window.removeEventListener('storage', onStorage)
    }
  }
  const getServer = () => fallback
  return { get, set, subscribe, use: () => useSyncExternalStore(subscribe, get, getServer) }
}
