import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { createAppCache, swrOptions } from '../api/swr-options'
import { Toaster } from '../components/toaster'
import { env, pushConfigured, type FirebaseSettings } from '../config/env'
import { AuthProvider } from '../lib/auth'
import type { AuthClient } from '../lib/auth-client'

/** firebaseLoader loads the Firebase Auth client (its own chunk) for the settings; null when sign-in is not configured. */
function firebaseLoader(settings: FirebaseSettings | null): (() => Promise<AuthClient>) | null {
  if (!settings) return null
  return async () => (await import('../lib/firebase-auth')).loadFirebaseAuth(settings)
}

const loadAuth = firebaseLoader(env.firebase)

/** afterSignOut turns this browser's push notifications off (their code loaded only on a site with push). */
const afterSignOut = pushConfigured(env.firebase)
  ? async () => (await import('../features/accounts/lib/push-setup')).turnOffPushAfterSignOut()
  : undefined

/**
 * AppProviders wraps the app in what every screen needs: SWR with the app's
 * retry and cache rules, the signed-in user (signing out also turns this
 * browser's push notifications off), and the toasts. fallback holds
 * snapshots a pre-rendered page was built with (SWR key → loaded snapshot), so
 * the page hydrates with the same content; SWR still asks for the latest right
 * away.
 */
export function AppProviders({ children, fallback = {} }: { children: ReactNode; fallback?: Record<string, unknown> }) {
  return (
    <SWRConfig value={{ ...swrOptions, provider: createAppCache, fallback }}>
      <AuthProvider load={loadAuth} onSignedOut={afterSignOut}>
        {children}
        <Toaster />
      </AuthProvider>
    </SWRConfig>
  )
}
