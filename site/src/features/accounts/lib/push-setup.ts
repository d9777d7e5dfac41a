import { env, pushConfigured, type FirebaseSettings } from '@/config/env'
import { refreshPushToken, turnOffPush, type PushEnvironment } from './push'

/** browserPushEnvironment is push on this browser's APIs, with the SDK loaded only when a token is wanted. */
export function browserPushEnvironment(settings: FirebaseSettings): PushEnvironment {
  const hasPush = typeof window !== 'undefined' && 'PushManager' in window && typeof Notification !== 'undefined'
  return {
    client: async () => (await import('./firebase-push')).loadFirebasePush(settings),
    serviceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    notifications: hasPush ? { permission: () => Notification.permission, request: () => Notification.requestPermission() } : undefined,
    // Storage can be blocked by privacy settings: reading then finds nothing, writing fails the action.
    storage: {
      getItem: (key) => {
        try {
          return window.localStorage.getItem(key)
        } catch {
          return null
        }
      },
      setItem: (key, value) => window.localStorage.setItem(key, value),
      removeItem: (key) => window.localStorage.removeItem(key),
    },
    now: () => Date.now(),
  }
}

/** sitePush is the site's push environment, or null when push is not configured (then nothing is ever registered). */
export const sitePush: PushEnvironment | null = pushConfigured(env.firebase) ? browserPushEnvironment(env.firebase) : null

/**
 * refreshPushOnStart refreshes this browser's token when it is 7 days old or
 * more (docs/specification.md §9). It never asks for permission: without a token turned on
 * from the profile it does nothing. A failure is retried at the next start.
 */
export async function refreshPushOnStart(push: PushEnvironment | null = sitePush): Promise<void> {
  if (!push) return
  try {
    await refreshPushToken(push)
  } catch (err) {
    console.warn('push notifications: the token refresh failed; it is tried again at the next visit', err)
  }
}

/** turnOffPushAfterSignOut stops notifications for the account that signed out; a failure is only logged. */
export async function turnOffPushAfterSignOut(push: PushEnvironment | null = sitePush): Promise<void> {
  if (!push) return
  try {
    await turnOffPush(push)
  } catch (err) {
    console.warn('push notifications: could not turn them off after signing out', err)
  }
}
