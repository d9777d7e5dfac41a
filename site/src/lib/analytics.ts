import { env } from '../config/env'
import type { Tracker } from './analytics-tracker'

export type { AnalyticsEvent, Tracker } from './analytics-tracker'

// The tracker (analytics-tracker.ts, docs/specification.md §7) loads only on a site with
// analytics (VITE_PLAUSIBLE_DOMAIN), after the page has rendered: no page needs
// it to show, and a site without analytics never loads it.
let loading: Promise<Tracker> | undefined
function tracker(): Promise<Tracker> | undefined {
  if (typeof window === 'undefined' || !env.plausibleDomain) return undefined
  loading ??= import('./analytics-tracker').then((m) => m.browserTracker(env.plausibleDomain, env.plausibleHost))
  return loading
}

/** analytics is the app's tracker; with no analytics configured every call is a no-op. */
export const analytics: Tracker = {
  pageView(pathname) {
    void tracker()?.then((t) => t.pageView(pathname))
  },
  event(event) {
    void tracker()?.then((t) => t.event(event))
  },
}
