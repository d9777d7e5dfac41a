import { sitePath } from '../config/site-base'
import { setUpdateReady } from './update-ready'

// The only module that touches workbox-window (docs/style.md React 7). The worker
// itself is src/sw/sw.ts, built to /sw.js by scripts/build-sw.mjs. main.tsx
// imports this module after start: it is not part of the first JavaScript.

/**
 * registerServiceWorker registers /sw.js in production builds. When a new
 * deployment's worker is installed and waiting, useUpdateReady() (lib/update-ready.ts)
 * hands out a function that activates it and reloads the page.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const { Workbox } = await import('workbox-window')
  // Under the site's base path: its scope, the worker's directory, is the site (and no more).
  const wb = new Workbox(sitePath('/sw.js'))
  wb.addEventListener('waiting', () => {
    setUpdateReady(() => {
      // Reload once the new worker has taken over, so the page and its assets match.
      wb.addEventListener('controlling', () => window.location.reload())
      wb.messageSkipWaiting()
    })
  })
  try {
    await wb.register()
  } catch (error) {
    // The site works without the worker, just not offline.
    console.warn('service worker registration failed', error)
  }
}
