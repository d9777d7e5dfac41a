import * as v from 'valibot'
import {
  DEFAULT_MAP_TILE_ATTRIBUTION,
  DEFAULT_MAP_TILE_URL,
  DEFAULT_PLAUSIBLE_HOST,
  DEFAULT_SITE_NAME,
  EnvError,
  FIREBASE_REQUIRED,
  NO_MAP_TILES,
  PUSH_REQUIRED,
  type Env,
} from './env-settings'

// The checks of the VITE_* variables, run when the site is built (vite.config.ts puts
// their result into the code as env): kept out of the browser's JavaScript.

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

/**
 * setting is a variable checked by schema, fallback when unset or blank (an unset one is read as
 * blank). valibot checks a fallback as it checks a value, so a check whose fallback is '' passes ''.
 */
const setting = (schema: v.GenericSchema<string>, fallback: string) =>
  v.optional(v.pipe(v.unknown(), v.transform(blankToUndefined), v.optional(schema, fallback)), '')

/** optionalText is a variable that may be left unset (''), else passes check. */
const optionalText = (check: (value: string) => boolean, message: string) =>
  setting(
    v.pipe(
      v.string(),
      v.check((value) => value === '' || check(value), message),
    ),
    '',
  )

const optionalUrl = (what: string) => optionalText(isHttpUrl, `must be an absolute http(s) URL (${what})`)

/** FIREBASE_REQUIRED are the variables sign-in needs; setting some but not all of them is an error. */
const noSpaces = (value: string) => /^\S+$/.test(value)

function isTileTemplate(value: string): boolean {
  return value === NO_MAP_TILES || (isHttpUrl(value.replace(/[{}]/g, '')) && ['{z}', '{x}', '{y}'].every((p) => value.includes(p)))
}

const envSchema = v.object({
  VITE_DATA_URL: optionalText(isDataUrl, 'must be empty (same origin), an absolute http(s) URL without query, or a path starting with "/"'),
  VITE_SITE_NAME: setting(v.pipe(v.string(), v.maxLength(80, 'must be at most 80 characters')), DEFAULT_SITE_NAME),
  VITE_SITE_URL: optionalUrl('the public address of the site'),
  VITE_MERCH_URL: optionalUrl('the merchandise shop'),
  // GitHub's own rule for an owner (letters, digits, single hyphens) and a repository name.
  VITE_FEEDBACK_REPOSITORY: optionalText(
    (value) => /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}\/[A-Za-z0-9._-]{1,100}$/.test(value),
    'must be a GitHub repository as owner/name, like ohiomc/omc',
  ),
  VITE_PLAUSIBLE_DOMAIN: optionalText((value) => /^[a-z0-9.-]+$/i.test(value), 'must be a bare domain like ohiomc.org, as registered in Plausible'),
  VITE_PLAUSIBLE_HOST: setting(v.pipe(v.string(), v.check(isHttpUrl, 'must be an absolute http(s) URL')), DEFAULT_PLAUSIBLE_HOST),
  VITE_MAP_TILE_URL: setting(
    v.pipe(v.string(), v.check(isTileTemplate, 'must be an http(s) tile URL with {z}, {x} and {y}, or "none" for no tiles')),
    DEFAULT_MAP_TILE_URL,
  ),
  VITE_MAP_TILE_ATTRIBUTION: setting(v.string(), DEFAULT_MAP_TILE_ATTRIBUTION),
  VITE_FIREBASE_API_KEY: optionalText(noSpaces, 'must be the web API key, without spaces'),
  VITE_FIREBASE_AUTH_DOMAIN: optionalText((value) => /^[a-z0-9.-]+(:\d+)?$/i.test(value), 'must be a host name like omc.firebaseapp.com'),
  VITE_FIREBASE_PROJECT_ID: optionalText((value) => /^[a-z][a-z0-9-]{3,}$/.test(value), 'must be a project id (lowercase letters, digits, dashes)'),
  VITE_FIREBASE_APP_ID: optionalText(noSpaces, 'must be the web app id, without spaces'),
  VITE_FIREBASE_MESSAGING_SENDER_ID: optionalText((value) => /^\d+$/.test(value), 'must be the numeric sender id'),
  // An uncompressed P-256 public key is 65 bytes: 87 characters of base64url.
  VITE_FIREBASE_VAPID_KEY: optionalText(
    (value) => /^[A-Za-z0-9_-]{87}=?$/.test(value),
    "must be the Web Push certificate's public key (87 base64url characters, from Cloud Messaging → Web configuration)",
  ),
  VITE_FIREBASE_AUTH_EMULATOR_HOST: optionalText(
    (value) => /^[a-z0-9.-]+:\d{1,5}$/i.test(value),
    'must be host:port of the Auth emulator, like 127.0.0.1:9099',
  ),
})

/**
 * parseEnv validates raw variables (import.meta.env) and throws EnvError naming each bad one.
 * base is the path the site is served under (config/base-path.ts): the snapshots are
 * under it when VITE_DATA_URL is empty, and the site's address (for canonical links and
 * the sitemap) ends with it.
 */
export function parseEnv(source: Record<string, unknown>, base = '/'): Env {
  const result = v.safeParse(envSchema, source)
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const name = v.getDotPath(issue) ?? '(root)'
      const got = issue.path ? source[String(issue.path[0].key)] : source
      // Custom checks carry their own message; the rest get valibot's ("Invalid type: Expected string but received 5").
      return `${name}: ${issue.message} (got ${JSON.stringify(got)})`
    })
    throw new EnvError(problems)
  }
  const data = result.output
  const firebaseValues = FIREBASE_REQUIRED.map((name) => data[name])
  const firebaseSet = firebaseValues.some((value) => value !== '') || data.VITE_FIREBASE_AUTH_EMULATOR_HOST !== ''
  if (firebaseSet && firebaseValues.some((value) => value === '')) {
    throw new EnvError(
      FIREBASE_REQUIRED.filter((name) => data[name] === '').map(
        (name) => `${name}: must be set too: sign-in needs ${FIREBASE_REQUIRED.join(', ')} (got "")`,
      ),
    )
  }
  const pushValues = PUSH_REQUIRED.map((name) => data[name])
  if (pushValues.some((value) => value !== '') && (!firebaseSet || pushValues.some((value) => value === ''))) {
    const missing = [...(firebaseSet ? [] : FIREBASE_REQUIRED), ...PUSH_REQUIRED.filter((name) => data[name] === '')]
    throw new EnvError(
      missing.map((name) => `${name}: must be set too: push notifications need ${[...FIREBASE_REQUIRED, ...PUSH_REQUIRED].join(', ')} (got "")`),
    )
  }
  return {
    dataUrl: (data.VITE_DATA_URL || base).replace(/\/+$/, ''),
    siteName: data.VITE_SITE_NAME.trim(),
    siteUrl: siteAddress(data.VITE_SITE_URL, base),
    merchUrl: data.VITE_MERCH_URL,
    feedbackRepository: data.VITE_FEEDBACK_REPOSITORY,
    plausibleDomain: data.VITE_PLAUSIBLE_DOMAIN,
    plausibleHost: data.VITE_PLAUSIBLE_HOST.replace(/\/+$/, ''),
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

/** siteAddress is the site's public address without a trailing slash, ending with base when its own path does not ("" when unset). */
function siteAddress(siteUrl: string, base: string): string {
  if (siteUrl === '') return ''
  const trimmed = siteUrl.replace(/\/+$/, '')
  return base !== '/' && new URL(siteUrl).pathname.replace(/\/+$/, '') === '' ? trimmed + base.replace(/\/+$/, '') : trimmed
}
