import { useSyncExternalStore } from 'react'

// Whether a new deployment's service worker waits, apart from the registration
// (lib/service-worker.ts, loaded after start) so that the top of every page, which
// shows the prompt, does not carry the registration's code.

let updateReady: (() => void) | undefined
const listeners = new Set<() => void>()

/** setUpdateReady hands out reload, the function that activates the waiting worker and reloads. */
export function setUpdateReady(reload: () => void): void {
  updateReady = reload
  for (const listener of listeners) listener()
}

/** useUpdateReady returns the reload function once a new version is waiting, else undefined. */
export function useUpdateReady(): (() => void) | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => updateReady,
    () => undefined,
  )
}
