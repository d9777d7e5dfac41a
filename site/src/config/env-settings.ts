// The site's settings: their types, defaults and errors, shared by the checks the build
// runs (env-schema.ts) and the app (env.ts).

/** Env is the site's build-time configuration, read from VITE_* variables. */
export type Env = {
  /** Base URL of the published snapshots without a trailing slash; '' means same origin. */
  dataUrl: string
  /** Community name shown in the header, footer and page titles. */
  siteName: string
  /** Public origin of the site (https://host, no trailing slash), for the sitemap and canonical links; '' when unknown. */
  siteUrl: string
  /** External merchandise shop linked from the homepage; '' hides the link. */
  merchUrl: string
  /** GitHub repository ("owner/name") whose issue forms the feedback links open; '' when feedback goes by e-mail or is not set up. */
  feedbackRepository: string
  /** Plausible site domain; '' turns analytics off (nothing is sent). */
  plausibleDomain: string
  /** Plausible server receiving events (its /api/event endpoint). */
  plausibleHost: string
  /** Firebase project the account screens sign in with; null when sign-in is not configured. */
  firebase: FirebaseSettings | null
  /** Map tiles ({z}/{x}/{y} template) under the dispensary map; '' draws the map on the bundled Ohio outline alone. */
  mapTileUrl: string
  /** Credit shown on the map for its tiles (HTML: a link to the tile provider's copyright page). */
  mapTileAttribution: string
}

/** FirebaseSettings are the web app settings Firebase's console gives, plus the Auth emulator's address. */
export type FirebaseSettings = {
  apiKey: string
  authDomain: string
  projectId: string
  appId: string
  /** Cloud Messaging sender id; '' when push notifications are not set up. */
  messagingSenderId: string
  /**
   * Public key of the project's Web Push certificate (Cloud Messaging → Web
   * configuration); '' when push notifications are not set up. Push is on when
   * this and messagingSenderId are both set (pushConfigured).
   */
  vapidKey: string
  /** host:port of a Firebase Auth emulator to use instead of the real service; '' for the real one. */
  authEmulatorHost: string
}

export const DEFAULT_SITE_NAME = 'Ohio Marijuana Community'

/** EnvError lists every bad variable at once so one rebuild fixes them all. */
export class EnvError extends Error {
  override name = 'EnvError'
  readonly problems: readonly string[]

  constructor(problems: readonly string[]) {
    super(`Invalid site configuration (VITE_* variables):\n${problems.map((p) => `- ${p}`).join('\n')}`)
    this.problems = problems
  }
}

export const FIREBASE_REQUIRED = ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_AUTH_DOMAIN', 'VITE_FIREBASE_PROJECT_ID', 'VITE_FIREBASE_APP_ID'] as const

/** PUSH_REQUIRED are the variables push notifications need on top of FIREBASE_REQUIRED; some but not all is an error. */
export const PUSH_REQUIRED = ['VITE_FIREBASE_MESSAGING_SENDER_ID', 'VITE_FIREBASE_VAPID_KEY'] as const

/** pushConfigured says whether the site can offer push notifications (docs/specification.md §7); without it nothing is registered. */
export function pushConfigured(settings: FirebaseSettings | null): settings is FirebaseSettings {
  return settings !== null && settings.messagingSenderId !== '' && settings.vapidKey !== ''
}

export const DEFAULT_PLAUSIBLE_HOST = 'https://plausible.io'

/** DEFAULT_MAP_TILE_URL is OpenStreetMap's standard tile layer (its tile policy asks sites to make this configurable). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
export const DEFAULT_MAP_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
/** NO_MAP_TILES as VITE_MAP_TILE_URL turns tiles off (offline builds, the demo). */
export const NO_MAP_TILES = 'none'
