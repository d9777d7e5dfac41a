import type { FirebaseApp } from 'firebase/app'
import type { FirebaseSettings } from '../config/env'

// Sign-in (firebase-auth.ts) and push notifications (firebase-push.ts) share one
// Firebase app: initializeApp may run only once per name, and whichever of the
// two loads first creates it.

let app: Promise<FirebaseApp> | undefined

/** loadFirebaseApp loads firebase/app and initializes the site's app once, with the settings' project. */
export function loadFirebaseApp(settings: FirebaseSettings): Promise<FirebaseApp> {
  app ??= import('firebase/app').then(({ initializeApp }) =>
    initializeApp({
      apiKey: settings.apiKey,
      authDomain: settings.authDomain,
      projectId: settings.projectId,
      appId: settings.appId,
      ...(settings.messagingSenderId ? { messagingSenderId: settings.messagingSenderId } : {}),
    }),
  )
  return app
}
