import { sitePath } from '@/config/site-base'
import { getErrorMessage } from '@/lib/get-error-message'
import type { PushClient } from './push-client'

// Push notifications (docs/specification.md §7): a visitor turns them on from the profile,
// never by a prompt on load. Turning them on asks the browser's permission,
// registers the messaging service worker beside the offline one, gets a
// messaging token and keeps it with the time it was obtained; at start-up a
// token 7 days old or more is refreshed (docs/specification.md §9). Everything here is plain
// logic over a PushEnvironment, so it is tested without a browser or Firebase.

/** PUSH_TOKEN_REFRESH_MS is the age at which a messaging token is refreshed (docs/specification.md §9: 7 days). */
export const PUSH_TOKEN_REFRESH_MS = 7 * 24 * 60 * 60 * 1000

/** MESSAGING_SW_URL is the messaging service worker (docs/specification.md §7), built by scripts/build-sw.mjs when push is configured. */
export const MESSAGING_SW_URL = sitePath('/firebase-messaging-sw.js')

/**
 * MESSAGING_SW_SCOPE is the messaging worker's scope, the one the Firebase SDK
 * itself uses. A scope has one worker, and '/' belongs to the offline worker
 * (/sw.js): with a scope of its own the messaging worker lives alongside it
 * instead of replacing it. A push reaches its worker whatever the scope. Both are under
 * the site's base path (config/site-base.ts), where a worker's scope must be.
 */
export const MESSAGING_SW_SCOPE = sitePath('/firebase-cloud-messaging-push-scope')

/** PUSH_STORAGE_KEY is where this browser keeps its token and the time it was obtained. */
export const PUSH_STORAGE_KEY = 'omc-push-token'

/** StoredPushToken is the messaging token and when it was obtained (ms since the epoch). */
export type StoredPushToken = { token: string; savedAt: number }

/**
 * PushEnvironment is what push needs from the browser, passed in so tests can
 * stand in for it. serviceWorker and notifications are undefined where the
 * browser has no such API.
 */
export type PushEnvironment = {
  /** client loads the messaging client; called only when a token is wanted or deleted. */
  client: () => Promise<PushClient>
  serviceWorker: Pick<ServiceWorkerContainer, 'register'> | undefined
  notifications: { permission(): NotificationPermission; request(): Promise<NotificationPermission> } | undefined
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  now: () => number
}

/** PushError is a failure to show the visitor as it is: its message says what happened and what to do. */
export class PushError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'PushError'
  }
}

/** readPushToken is the stored token, or null when there is none or what is stored is not a token. */
export function readPushToken(storage: PushEnvironment['storage']): StoredPushToken | null {
  let raw: string | null
  try {
    raw = storage.getItem(PUSH_STORAGE_KEY)
  } catch {
    return null // storage blocked (privacy settings)
  }
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (
      typeof value === 'object' &&
      value !== null &&
      'token' in value &&
      'savedAt' in value &&
      typeof value.token === 'string' &&
      value.token !== '' &&
      typeof value.savedAt === 'number' &&
      Number.isFinite(value.savedAt)
    ) {
      return { token: value.token, savedAt: value.savedAt }
    }
  } catch {
    // not JSON: treated as no token
  }
  return null
}

function savePushToken(storage: PushEnvironment['storage'], stored: StoredPushToken) {
  storage.setItem(PUSH_STORAGE_KEY, JSON.stringify(stored))
}

function clearPushToken(storage: PushEnvironment['storage']) {
  try {
    storage.removeItem(PUSH_STORAGE_KEY)
  } catch {
    // storage blocked: nothing was stored either
  }
}

/**
 * tokenDue says whether a stored token is due for its refresh: obtained 7 days
 * ago or more. A time in the future means the clock was wrong when it was
 * saved, so its age is unknown and it is refreshed too.
 */
export function tokenDue(stored: StoredPushToken, now: number): boolean {
  const age = now - stored.savedAt
  return age >= PUSH_TOKEN_REFRESH_MS || age < 0
}

/** PushStatus is what the profile shows: whether notifications can be and are on in this browser. */
export type PushStatus = 'unsupported' | 'blocked' | 'off' | 'on'

/** pushStatus reads the status without loading the SDK. */
export function pushStatus(env: PushEnvironment): PushStatus {
  if (!env.serviceWorker || !env.notifications) return 'unsupported'
  const permission = env.notifications.permission()
  if (permission === 'denied') return 'blocked'
  return permission === 'granted' && readPushToken(env.storage) ? 'on' : 'off'
}

/** PUSH_UNSUPPORTED says this browser has no push, and what to do about it. */
export const PUSH_UNSUPPORTED =
  'This browser cannot receive push notifications. Most current browsers can; on an iPhone or iPad, add the site to your home screen first.'
const BLOCKED = "Notifications are blocked for this site. Allow them in your browser's site settings, then try again."
const NOT_ALLOWED = 'Notifications stay off: the browser did not get your permission.'
const WORKER_FAILED = 'Could not turn on notifications: their service worker did not install. Please reload and try again.'

/** pushErrorMessage is a messaging failure as the visitor should read it. */
export function pushErrorMessage(err: unknown): string {
  const code = typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : ''
  // A DOMException is not an Error everywhere (jsdom), so its name is read as a field.
  const name = typeof err === 'object' && err !== null && 'name' in err && typeof err.name === 'string' ? err.name : ''
  switch (code) {
    case 'messaging/permission-blocked':
      return BLOCKED
    case 'messaging/permission-default':
      return NOT_ALLOWED
    case 'messaging/unsupported-browser':
      return PUSH_UNSUPPORTED
    case 'messaging/failed-service-worker-registration':
      return WORKER_FAILED
    case 'installations/app-offline':
      return 'Could not reach the notification service. Check your connection and try again.'
  }
  if (code.startsWith('installations/')) {
    return 'Could not turn on notifications: the notification service did not register this device. Please try again later.'
  }
  if (code.startsWith('messaging/token-')) {
    return 'Could not turn on notifications: the notification service refused the subscription. Please try again later.'
  }
  // pushManager.subscribe fails with an AbortError: "Registration failed - permission denied" where the
  // browser allows no push at all (Chrome's private windows), "… - push service error" when its push
  // service cannot be reached.
  if (name === 'AbortError' && /permission denied/i.test(getErrorMessage(err))) {
    return 'This browser window cannot receive push notifications (private windows cannot). Open the site in a normal window and try again.'
  }
  if (name === 'AbortError' || name === 'NetworkError' || err instanceof TypeError) {
    return "Could not turn on notifications: this browser's push service did not answer. Check your connection and try again."
  }
  return `Could not turn on notifications (${code || getErrorMessage(err)}).`
}

/** WORKER_ACTIVATION_TIMEOUT_MS is how long a newly registered messaging worker has to become active. */
export const WORKER_ACTIVATION_TIMEOUT_MS = 10_000

/**
 * whenActive resolves once the registration's worker is activated.
 * register() resolves while a new worker is still installing, and
 * pushManager.subscribe then fails ("no active Service Worker"); the SDK
 * waits for it only for a worker it registered itself.
 */
export function whenActive(registration: ServiceWorkerRegistration, timeoutMs = WORKER_ACTIVATION_TIMEOUT_MS): Promise<void> {
  const worker = registration.installing ?? registration.waiting ?? registration.active
  if (!worker) return Promise.reject(new Error('the registration has no worker'))
  if (worker.state === 'activated') return Promise.resolve()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.removeEventListener('statechange', onChange)
      reject(new Error(`the worker was not active after ${timeoutMs / 1000} s`))
    }, timeoutMs)
    function onChange() {
      if (worker?.state !== 'activated' && worker?.state !== 'redundant') return
      clearTimeout(timer)
      worker.removeEventListener('statechange', onChange)
      if (worker.state === 'activated') resolve()
      else reject(new Error('the worker failed to install'))
    }
    worker.addEventListener('statechange', onChange)
  })
}

async function register(env: PushEnvironment): Promise<ServiceWorkerRegistration> {
  if (!env.serviceWorker) throw new PushError(PUSH_UNSUPPORTED)
  try {
    const registration = await env.serviceWorker.register(MESSAGING_SW_URL, { scope: MESSAGING_SW_SCOPE })
    await whenActive(registration)
    return registration
  } catch (err) {
    throw new PushError(WORKER_FAILED, { cause: err })
  }
}

async function obtainToken(env: PushEnvironment, client: PushClient): Promise<StoredPushToken> {
  const registration = await register(env)
  let token: string
  try {
    token = await client.getToken(registration)
  } catch (err) {
    throw new PushError(pushErrorMessage(err), { cause: err })
  }
  const stored = { token, savedAt: env.now() }
  savePushToken(env.storage, stored)
  return stored
}

/**
 * turnOnPush asks the browser's permission (so it must run from the visitor's
 * click), registers the messaging worker, gets a token and stores it with its
 * time. It throws PushError, and stores nothing, when any step fails.
 */
export async function turnOnPush(env: PushEnvironment): Promise<StoredPushToken> {
  if (!env.serviceWorker || !env.notifications) throw new PushError(PUSH_UNSUPPORTED)
  const permission = await env.notifications.request()
  if (permission === 'denied') throw new PushError(BLOCKED)
  if (permission !== 'granted') throw new PushError(NOT_ALLOWED)
  let client: PushClient
  try {
    client = await env.client()
  } catch (err) {
    throw new PushError('Could not turn on notifications: their code did not load. Check your connection and try again.', { cause: err })
  }
  if (!(await client.supported())) throw new PushError(PUSH_UNSUPPORTED)
  return obtainToken(env, client)
}

/** turnOffPush deletes the token, so this browser gets no more notifications, and forgets it. */
export async function turnOffPush(env: PushEnvironment): Promise<void> {
  if (!readPushToken(env.storage)) return
  try {
    await (await env.client()).deleteToken()
  } catch (err) {
    throw new PushError(`Could not turn off notifications (${getErrorMessage(err)}). Please try again.`, { cause: err })
  }
  clearPushToken(env.storage)
}

/** RefreshOutcome is what refreshPushToken did. */
export type RefreshOutcome = 'off' | 'fresh' | 'refreshed' | 'revoked'

/**
 * refreshPushToken runs at start-up. Without a stored token it does nothing
 * (and loads nothing). A token whose permission the visitor has since taken
 * back is forgotten. A token 7 days old or more is replaced with the one the
 * service gives now, stored with the new time (the SDK renews it with the
 * service when it is that old). A failure keeps the old token, to retry at the
 * next start.
 */
export async function refreshPushToken(env: PushEnvironment): Promise<RefreshOutcome> {
  const stored = readPushToken(env.storage)
  if (!stored) return 'off'
  if (env.notifications?.permission() !== 'granted') {
    clearPushToken(env.storage)
    return 'revoked'
  }
  if (!tokenDue(stored, env.now())) return 'fresh'
  await obtainToken(env, await env.client())
  return 'refreshed'
}
