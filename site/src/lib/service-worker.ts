import { useSyncExternalStore } from 'react'

// The only module that touches workbox-window (STYLE.md React 7). The worker
// itself is src/sw/sw.ts, built to /sw.js by scripts/build-sw.mjs.

let updateReady: (() => void) | undefined
const listeners = new Set<() => void>()

/**
 * registerServiceWorker registers /sw.js in production builds. When a new
 * deployment's worker is installed and waiting, useUpdateReady() hands out a
 * function that activates it and reloads the page.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const { Workbox } = await import('workbox-window')
  const wb = new Workbox('/sw.js')
  wb.addEventListener('waiting', () => {
    updateReady = () => {
      // Reload once the new worker has taken over, so the page and its assets match.
      wb.addEventListener('controlling', () => window.location.reload())
      wb.messageSkipWaiting()
    }
    for (const listener of listeners) listener()
  })
  try {
    await wb.register()
  } catch (error) {
    // The site works without the worker, just not offline.
    console.warn('service worker registration failed', error)
  }
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
