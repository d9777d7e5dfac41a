import type { User } from 'firebase/auth'
import type { FirebaseSettings } from '../config/env'
import type { AuthClient, AuthUser } from './auth-client'
import { loadFirebaseApp } from './firebase-app'

// Only the firebase-*.ts modules import the Firebase SDK, and they are only
// reached through import(): the SDK is its own chunk, loaded after the page
// has rendered, so it is never part of the homepage's JavaScript (npm run size).

function toUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email ?? '', displayName: user.displayName ?? '' }
}

/** loadFirebaseAuth loads firebase/auth (and the app, firebase-app.ts) and returns an AuthClient on the settings' project. */
export async function loadFirebaseAuth(settings: FirebaseSettings): Promise<AuthClient> {
  const [app, auth] = await Promise.all([loadFirebaseApp(settings), import('firebase/auth')])
  // initializeAuth rather than getAuth: e-mail and password need no popup or
  // redirect resolver (smaller, and no iframe from the auth domain). The session
  // persists in IndexedDB, with localStorage where IndexedDB is unavailable.
  const client = auth.initializeAuth(app, {
    persistence: [auth.indexedDBLocalPersistence, auth.browserLocalPersistence],
  })
  if (settings.authEmulatorHost) {
    auth.connectAuthEmulator(client, `http://${settings.authEmulatorHost}`, { disableWarnings: true })
  }
  return {
    onChange: (listener) => auth.onAuthStateChanged(client, (user) => listener(user ? toUser(user) : null)),
    signIn: async (email, password) => {
      const { user } = await auth.signInWithEmailAndPassword(client, email, password)
      return user ? toUser(user) : null
    },
    signUp: async (email, password) => {
      const { user } = await auth.createUserWithEmailAndPassword(client, email, password)
      return user ? toUser(user) : null
    },
    updateDisplayName: async (displayName) => {
      const user = client.currentUser
      if (!user) throw Object.assign(new Error('Not signed in'), { code: 'auth/no-current-user' })
      await auth.updateProfile(user, { displayName })
      await user.reload()
      return toUser(client.currentUser ?? user)
    },
    signOut: () => auth.signOut(client),
  }
}
