import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { AuthClient, AuthUser } from './auth-client'
import { getErrorMessage } from './get-error-message'
import { showToast } from './toast-store'

// The sign-in messages are needed only once an account action has failed, so
// their code loads then, not with every page (the homepage's JavaScript budget).
const messages = () => import('./auth-messages')

/**
 * AuthStatus (docs/specification.md §4): 'loading' until the provider reports the current
 * user, then 'signed-in' or 'signed-out'. 'unconfigured' when the site has no
 * Firebase settings, 'unavailable' when the provider's code could not load.
 */
export type AuthStatus = 'unconfigured' | 'loading' | 'signed-in' | 'signed-out' | 'unavailable'

export type Auth = {
  status: AuthStatus
  user: AuthUser | null
  /** busy is the shared loading flag, set while any action runs. */
  busy: boolean
  /** signIn signs in and, on success, runs then. */
  signIn(email: string, password: string, then: () => void): Promise<void>
  /** signUp creates the account, sets its display name and, on success, runs then. */
  signUp(displayName: string, email: string, password: string, then: () => void): Promise<void>
  /** signOut signs out and, on success, runs then. */
  signOut(then: () => void): Promise<void>
  /** updateDisplayName changes the signed-in user's display name. */
  updateDisplayName(displayName: string): Promise<void>
}

const AuthContext = createContext<Auth | null>(null)

/** useAuth is the auth state and its actions. */
export function useAuth(): Auth {
  const auth = useContext(AuthContext)
  if (!auth) throw new Error('useAuth needs an AuthProvider')
  return auth
}

/**
 * AuthProvider holds the signed-in user. load gives the provider's client
 * (null: sign-in is not configured); it is called once, after the first
 * render, so the page shows before the SDK arrives.
 */
export function AuthProvider({
  load,
  onSignedOut,
  children,
}: {
  load: (() => Promise<AuthClient>) | null
  /** onSignedOut runs after a successful sign-out, before then. */
  onSignedOut?: () => Promise<void>
  children: ReactNode
}) {
  const [status, setStatus] = useState<AuthStatus>(load ? 'loading' : 'unconfigured')
  const [user, setUser] = useState<AuthUser | null>(null)
  const [busyCount, setBusyCount] = useState(0)
  const client = useRef<Promise<AuthClient> | null>(null)
  const onSignedOutRef = useRef(onSignedOut)
  useEffect(() => {
    onSignedOutRef.current = onSignedOut
  }, [onSignedOut])

  useEffect(() => {
    if (!load) return
    let unsubscribe: (() => void) | undefined
    let active = true
    const pending = load()
    client.current = pending
    pending.then(
      (c) => {
        if (!active) return
        unsubscribe = c.onChange((next) => {
          // The provider reports a new account before its display name is
          // set; keep the name the site already knows for the same user.
          setUser((prev) => (next && prev && prev.uid === next.uid && !next.displayName ? { ...next, displayName: prev.displayName } : next))
          setStatus(next ? 'signed-in' : 'signed-out')
        })
      },
      (err: unknown) => {
        if (!active) return
        console.warn('sign-in unavailable:', err)
        setStatus('unavailable')
      },
    )
    return () => {
      active = false
      unsubscribe?.()
    }
  }, [load])

  const run = useCallback(async (action: (c: AuthClient) => Promise<void>) => {
    const pending = client.current
    if (!pending) return
    setBusyCount((n) => n + 1)
    try {
      await action(await pending)
    } finally {
      setBusyCount((n) => n - 1)
    }
  }, [])

  /** accountOrToast runs a sign-in or sign-up call: on a failure, or no account back, it shows that step's message and gives null. */
  const accountOrToast = async (step: 'signIn' | 'signUp', call: () => Promise<AuthUser | null>): Promise<AuthUser | null> => {
    let u: AuthUser | null
    try {
      u = await call()
    } catch (err) {
      const m = await messages()
      showToast(step === 'signIn' ? m.signInMessage(err) : m.signUpMessage(err))
      return null
    }
    if (!u) showToast((await messages()).SPEC_MESSAGES[step === 'signIn' ? 'signInNoUser' : 'signUpNoUser'])
    return u
  }

  const signedIn = (u: AuthUser) => {
    setUser(u)
    setStatus('signed-in')
  }

  const actions = useMemo(
    () => ({
      signIn: (email: string, password: string, then: () => void) =>
        run(async (c) => {
          const u = await accountOrToast('signIn', () => c.signIn(email, password))
          if (!u) return
          signedIn(u)
          then()
        }),
      signUp: (displayName: string, email: string, password: string, then: () => void) =>
        run(async (c) => {
          const u = await accountOrToast('signUp', () => c.signUp(email, password))
          if (!u) return
          signedIn(u)
          try {
            signedIn(await c.updateDisplayName(displayName))
          } catch (err) {
            showToast(`Error: ${getErrorMessage(err)}`, { detail: (await messages()).detailMessage(err) })
            return
          }
          then()
        }),
      signOut: (then: () => void) =>
        run(async (c) => {
          try {
            await c.signOut()
          } catch (err) {
            showToast((await messages()).SPEC_MESSAGES.signOutFailed, { detail: (await messages()).detailMessage(err) })
            return
          }
          setUser(null)
          setStatus('signed-out')
          await onSignedOutRef.current?.()
          then()
        }),
      updateDisplayName: (displayName: string) =>
        run(async (c) => {
          try {
            signedIn(await c.updateDisplayName(displayName))
          } catch (err) {
            showToast((await messages()).SPEC_MESSAGES.profileUpdateFailed, { detail: (await messages()).detailMessage(err) })
            return
          }
          showToast('Profile updated', { kind: 'success' })
        }),
    }),
    [run],
  )

  const value = useMemo<Auth>(() => ({ status, user, busy: busyCount > 0, ...actions }), [status, user, busyCount, actions])
  return <AuthContext value={value}>{children}</AuthContext>
}
