// The origins the built site reaches beyond its own, from its build settings (the
// raw VITE_* variables). The build writes them to dist/csp.json (vite.config.ts);
// omc reads that file to write the Content-Security-Policy of _headers and of
// `omc serve` (publish/headers.go), so the policy allows exactly what this build
// uses. Kept free of config/env.ts (which parses import.meta.env when imported) so
// the Vite config can load it.

/** CspSources are origins (scheme://host[:port], "*." allowed first in the host) by CSP directive. */
export type CspSources = { connect: string[]; img: string[] }

/** DEFAULT_MAP_TILE_URL is the tile template the maps use when VITE_MAP_TILE_URL is unset. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'

/** DEFAULT_PLAUSIBLE_HOST mirrors config/env.ts's default analytics server. */
const DEFAULT_PLAUSIBLE_HOST = 'https://plausible.io'

const blank = (v: string | undefined) => v === undefined || v.trim() === ''

/**
 * originOf is the origin of an absolute http(s) URL or URL template; a
 * template's "{s}" subdomain becomes "*". Anything else (a path, '') is null.
 */
export function originOf(url: string | undefined): string | null {
  if (blank(url)) return null
  const m = /^(https?):\/\/([^/?#]+)/i.exec(url!.trim())
  if (!m) return null
  const host = m[2]!.toLowerCase().replace(/^\{s\}\./, '*.')
  if (!/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/.test(host)) return null
  return `${m[1]!.toLowerCase()}://${host}`
}

/** cspSources lists what a build with these settings connects to and loads images from. */
export function cspSources(raw: Record<string, string | undefined>): CspSources {
  const connect = new Set<string>()
  const img = new Set<string>()
  const add = (set: Set<string>, origin: string | null) => origin && set.add(origin)
  // Snapshots on another host (a CDN).
  add(connect, originOf(raw.VITE_DATA_URL))
  // Sign-in: Firebase Auth's REST endpoints, or the local emulator that stands in for them.
  const emulator = raw.VITE_FIREBASE_AUTH_EMULATOR_HOST?.trim()
  if (emulator) {
    add(connect, originOf(`http://${emulator}`))
  } else if (!blank(raw.VITE_FIREBASE_API_KEY)) {
    connect.add('https://identitytoolkit.googleapis.com')
    connect.add('https://securetoken.googleapis.com')
  }
  // Push notifications: Firebase installations and Cloud Messaging registration.
  if (!blank(raw.VITE_FIREBASE_MESSAGING_SENDER_ID) && !blank(raw.VITE_FIREBASE_VAPID_KEY)) {
    connect.add('https://firebaseinstallations.googleapis.com')
    connect.add('https://fcmregistrations.googleapis.com')
  }
  // Analytics: one POST to the Plausible server's events API, only when a domain is set.
  if (!blank(raw.VITE_PLAUSIBLE_DOMAIN)) add(connect, originOf(blank(raw.VITE_PLAUSIBLE_HOST) ? DEFAULT_PLAUSIBLE_HOST : raw.VITE_PLAUSIBLE_HOST))
  // Map tiles are images.
  add(img, originOf(blank(raw.VITE_MAP_TILE_URL) ? DEFAULT_MAP_TILE_URL : raw.VITE_MAP_TILE_URL))
  return { connect: [...connect].sort(), img: [...img].sort() }
}
