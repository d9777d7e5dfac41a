import * as z from 'zod/mini'

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

// An unset variable and one set to '' mean the same thing: use the default.
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

function isDataUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//')
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === ''
  } catch {
    return false
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

const optionalUrl = (what: string) =>
  z.pipe(
    z.transform(blankToUndefined),
    z._default(z.string().check(z.refine((v) => v === '' || isHttpUrl(v), { message: `must be an absolute http(s) URL (${what})` })), ''),
  )

const optionalText = (check: (v: string) => boolean, message: string) =>
  z.pipe(z.transform(blankToUndefined), z._default(z.string().check(z.refine((v) => v === '' || check(v), { message })), ''))

/** FIREBASE_REQUIRED are the variables sign-in needs; setting some but not all of them is an error. */
export const FIREBASE_REQUIRED = ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_AUTH_DOMAIN', 'VITE_FIREBASE_PROJECT_ID', 'VITE_FIREBASE_APP_ID'] as const

/** PUSH_REQUIRED are the variables push notifications need on top of FIREBASE_REQUIRED; some but not all is an error. */
export const PUSH_REQUIRED = ['VITE_FIREBASE_MESSAGING_SENDER_ID', 'VITE_FIREBASE_VAPID_KEY'] as const

/** pushConfigured says whether the site can offer push notifications (docs/specification.md §7); without it nothing is registered. */
export function pushConfigured(settings: FirebaseSettings | null): settings is FirebaseSettings {
  return settings !== null && settings.messagingSenderId !== '' && settings.vapidKey !== ''
}

const noSpaces = (v: string) => /^\S+$/.test(v)

export const DEFAULT_PLAUSIBLE_HOST = 'https://plausible.io'

/** DEFAULT_MAP_TILE_URL is OpenStreetMap's standard tile layer (its tile policy asks sites to make this configurable). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
export const DEFAULT_MAP_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
/** NO_MAP_TILES as VITE_MAP_TILE_URL turns tiles off (offline builds, the demo). */
export const NO_MAP_TILES = 'none'

function isTileTemplate(value: string): boolean {
  return value === NO_MAP_TILES || (isHttpUrl(value.replace(/[{}]/g, '')) && ['{z}', '{x}', '{y}'].every((p) => value.includes(p)))
}

const envSchema = z.object({
  VITE_DATA_URL: z.pipe(
    z.transform(blankToUndefined),
    z._default(
      z.string().check(
        z.refine(isDataUrl, {
          message: 'must be empty (same origin), an absolute http(s) URL without query, or a path starting with "/"',
        }),
      ),
      '',
    ),
  ),
  VITE_SITE_NAME: z.pipe(
    z.transform(blankToUndefined),
    z._default(z.string().check(z.maxLength(80, 'must be at most 80 characters')), DEFAULT_SITE_NAME),
  ),
  VITE_SITE_URL: optionalUrl('the public address of the site'),
  VITE_MERCH_URL: optionalUrl('the merchandise shop'),
  VITE_PLAUSIBLE_DOMAIN: z.pipe(
    z.transform(blankToUndefined),
    z._default(z.string().check(z.regex(/^[a-z0-9.-]+$/i, 'must be a bare domain like ohiomc.org, as registered in Plausible')), ''),
  ),
  VITE_PLAUSIBLE_HOST: z.pipe(
    z.transform(blankToUndefined),
    z._default(z.string().check(z.refine(isHttpUrl, { message: 'must be an absolute http(s) URL' })), DEFAULT_PLAUSIBLE_HOST),
  ),
  VITE_MAP_TILE_URL: z.pipe(
    z.transform(blankToUndefined),
    z._default(
      z.string().check(z.refine(isTileTemplate, { message: 'must be an http(s) tile URL with {z}, {x} and {y}, or "none" for no tiles' })),
      DEFAULT_MAP_TILE_URL,
    ),
  ),
  VITE_MAP_TILE_ATTRIBUTION: z.pipe(z.transform(blankToUndefined), z._default(z.string(), DEFAULT_MAP_TILE_ATTRIBUTION)),
  VITE_FIREBASE_API_KEY: optionalText(noSpaces, 'must be the web API key, without spaces'),
  VITE_FIREBASE_AUTH_DOMAIN: optionalText((v) => /^[a-z0-9.-]+(:\d+)?$/i.test(v), 'must be a host name like omc.firebaseapp.com'),
  VITE_FIREBASE_PROJECT_ID: optionalText((v) => /^[a-z][a-z0-9-]{3,}$/.test(v), 'must be a project id (lowercase letters, digits, dashes)'),
  VITE_FIREBASE_APP_ID: optionalText(noSpaces, 'must be the web app id, without spaces'),
  VITE_FIREBASE_MESSAGING_SENDER_ID: optionalText((v) => /^\d+$/.test(v), 'must be the numeric sender id'),
  // An uncompressed P-256 public key is 65 bytes: 87 characters of base64url.
  VITE_FIREBASE_VAPID_KEY: optionalText(
    (v) => /^[A-Za-z0-9_-]{87}=?$/.test(v),
    "must be the Web Push certificate's public key (87 base64url characters, from Cloud Messaging → Web configuration)",
  ),
  VITE_FIREBASE_AUTH_EMULATOR_HOST: optionalText(
    (v) => /^[a-z0-9.-]+:\d{1,5}$/i.test(v),
    'must be host:port of the Auth emulator, like 127.0.0.1:9099',
  ),
})

/** parseEnv validates raw variables (import.meta.env) and throws EnvError naming each bad one. */
export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(root)'
      const got = issue.path.length > 0 ? source[String(issue.path[0])] : source
      // Custom checks carry their own message; the rest get zod/mini's terse one.
      return `${name}: ${issue.message} (got ${JSON.stringify(got)})`
    })
    throw new EnvError(problems)
  }
  const data = result.data
  const firebaseValues = FIREBASE_REQUIRED.map((name) => data[name])
  const firebaseSet = firebaseValues.some((v) => v !== '') || data.VITE_FIREBASE_AUTH_EMULATOR_HOST !== ''
  if (firebaseSet && firebaseValues.some((v) => v === '')) {
    throw new EnvError(
      FIREBASE_REQUIRED.filter((name) => data[name] === '').map(
        (name) => `${name}: must be set too: sign-in needs ${FIREBASE_REQUIRED.join(', ')} (got "")`,
      ),
    )
  }
  const pushValues = PUSH_REQUIRED.map((name) => data[name])
  if (pushValues.some((v) => v !== '') && (!firebaseSet || pushValues.some((v) => v === ''))) {
    const missing = [...(firebaseSet ? [] : FIREBASE_REQUIRED), ...PUSH_REQUIRED.filter((name) => data[name] === '')]
    throw new EnvError(
      missing.map((name) => `${name}: must be set too: push notifications need ${[...FIREBASE_REQUIRED, ...PUSH_REQUIRED].join(', ')} (got "")`),
    )
  }
  return {
    dataUrl: result.data.VITE_DATA_URL.replace(/\/+$/, ''),
    siteName: result.data.VITE_SITE_NAME.trim(),
    siteUrl: result.data.VITE_SITE_URL.replace(/\/+$/, ''),
    merchUrl: result.data.VITE_MERCH_URL,
    plausibleDomain: result.data.VITE_PLAUSIBLE_DOMAIN,
    plausibleHost: result.data.VITE_PLAUSIBLE_HOST.replace(/\/+$/, ''),
    firebase: firebaseSet
      ? {
          apiKey: data.VITE_FIREBASE_API_KEY,
          authDomain: data.VITE_FIREBASE_AUTH_DOMAIN,
          projectId: data.VITE_FIREBASE_PROJECT_ID,
          appId: data.VITE_FIREBASE_APP_ID,
          messagingSenderId: data.VITE_FIREBASE_MESSAGING_SENDER_ID,
          vapidKey: data.VITE_FIREBASE_VAPID_KEY.replace(/=$/, ''),
          authEmulatorHost: data.VITE_FIREBASE_AUTH_EMULATOR_HOST,
        }
      : null,
    mapTileUrl: data.VITE_MAP_TILE_URL === NO_MAP_TILES ? '' : data.VITE_MAP_TILE_URL,
    mapTileAttribution: data.VITE_MAP_TILE_ATTRIBUTION,
  }
}

/** env is parsed once when the app starts; a bad variable stops the app with EnvError. */
export const env: Env = parseEnv(import.meta.env)
