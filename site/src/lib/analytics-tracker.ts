/**
 * The event tracker (docs/specification.md §7: category, action, label, value), sending to
 * Plausible when VITE_PLAUSIBLE_DOMAIN is set. Why Plausible: it sets no
 * cookies and keeps no personal data, so the site needs no consent banner; its
 * events API is one POST, so no third-party script is loaded. Nothing is sent
 * when no domain is configured or the browser asks not to be tracked
 * (Do Not Track or Global Privacy Control).
 */

export type AnalyticsEvent = { category: string; action: string; label?: string; value?: number }

/** Payload is what Plausible's POST /api/event takes. */
export type Payload = {
  name: string
  url: string
  domain: string
  referrer: string | null
  props?: Record<string, string>
}

export type Tracker = {
  event(event: AnalyticsEvent): void
  pageView(pathname: string): void
}

// Something@something.tld, anywhere in the label.
const EMAIL = /[^\s@<>()[\]{},;:"']+@[^\s@<>()[\]{},;:"']+\.[a-z]{2,}/gi

/** REDACTED replaces every e-mail-like part of a label. */
export const REDACTED = '[redacted]'

/** redactLabel hides anything that looks like an e-mail address: labels must never carry one to analytics. */
export function redactLabel(label: string): string {
  return label.replace(EMAIL, REDACTED)
}

type PrivacySignals = { doNotTrack?: string | null; globalPrivacyControl?: boolean }

/** trackingRefused says whether the browser asked not to be tracked (DNT "1"/"yes" or GPC). */
export function trackingRefused(signals: PrivacySignals): boolean {
  return signals.globalPrivacyControl === true || signals.doNotTrack === '1' || signals.doNotTrack === 'yes'
}

export type TrackerOptions = {
  domain: string
  host: string
  /** origin of the page, for the event URL. */
  origin: string
  referrer: () => string
  privacy: () => PrivacySignals
  send: (url: string, payload: Payload) => void
}

/** createTracker builds a tracker; with an empty domain every call is a no-op. */
export function createTracker(options: TrackerOptions): Tracker {
  const post = (payload: Omit<Payload, 'domain' | 'referrer'>) => {
    if (!options.domain || trackingRefused(options.privacy())) return
    options.send(`${options.host}/api/event`, {
      ...payload,
      domain: options.domain,
      referrer: options.referrer() || null,
    })
  }
  return {
    pageView(pathname) {
      post({ name: 'pageview', url: options.origin + pathname })
    },
    event({ category, action, label, value }) {
      const props: Record<string, string> = { category, action }
      if (label !== undefined) props.label = redactLabel(label)
      if (value !== undefined && Number.isFinite(value)) props.value = String(value)
      post({ name: `${category}: ${action}`, url: options.origin + window.location.pathname, props })
    },
  }
}

function sendBeacon(url: string, payload: Payload) {
  // text/plain keeps the cross-origin POST "simple" (no CORS preflight), as Plausible's own script does.
  void fetch(url, {
    method: 'POST',
    body: JSON.stringify(payload),
    headers: { 'Content-Type': 'text/plain' },
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined) // analytics never breaks the page
}

/** browserTracker is the tracker of this page, sending to the Plausible server the site is configured with. */
export function browserTracker(domain: string, host: string): Tracker {
  return createTracker({
    domain,
    host,
    origin: window.location.origin,
    referrer: () => document.referrer,
    privacy: () => ({
      doNotTrack: navigator.doNotTrack ?? (window as { doNotTrack?: string }).doNotTrack ?? null,
      globalPrivacyControl: (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl,
    }),
    send: sendBeacon,
  })
}
