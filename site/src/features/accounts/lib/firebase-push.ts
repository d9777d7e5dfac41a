import type { FirebaseSettings } from '@/config/env'
import { loadFirebaseApp } from '@/lib/firebase-app'
import type { PushClient } from './push-client'

/**
 * loadFirebasePush loads firebase/messaging (its own chunk, only when a visitor
 * turns notifications on, or has them on and the token is due for its refresh)
 * and returns a PushClient on the settings' project. getToken is the SDK's
 * token API, which docs/specification.md §7 describes: the token is subscribed with Firebase
 * Cloud Messaging, and the SDK registers the device with Firebase Installations
 * on the way.
 */
export async function loadFirebasePush(settings: FirebaseSettings): Promise<PushClient> {
  const [app, messaging] = await Promise.all([loadFirebaseApp(settings), import('firebase/messaging')])
  return {
    supported: () => messaging.isSupported(),
    getToken: (registration) =>
      messaging.getToken(messaging.getMessaging(app), { vapidKey: settings.vapidKey, serviceWorkerRegistration: registration }),
    deleteToken: async () => {
      await messaging.deleteToken(messaging.getMessaging(app))
    },
  }
}
