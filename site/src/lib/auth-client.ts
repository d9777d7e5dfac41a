/** AuthUser is what the site shows of the signed-in user (docs/specification.md §3: displayName, e-mail). */
export type AuthUser = {
  uid: string
  email: string
  displayName: string
}

/**
 * AuthClient is the identity provider's client as the site uses it (docs/specification.md §7):
 * sign in and create an account with e-mail and password, sign out, update the
 * display name, observe the auth state and reload the user. Failures reject with
 * the provider's error, whose `code` is Firebase Authentication's
 * ('auth/wrong-password', …). Sign-in and sign-up resolve null when the provider
 * answers without a user.
 */
export interface AuthClient {
  /** onChange calls listener with the current user (or null) now and after every change; it returns the unsubscribe. */
  onChange(listener: (user: AuthUser | null) => void): () => void
  signIn(email: string, password: string): Promise<AuthUser | null>
  signUp(email: string, password: string): Promise<AuthUser | null>
  /** updateDisplayName changes the signed-in user's display name and resolves with the reloaded user. */
  updateDisplayName(displayName: string): Promise<AuthUser>
  signOut(): Promise<void>
}

/** errorCode is a provider error's code without its 'auth/' prefix, or '' when it has none. */
export function errorCode(err: unknown): string {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') {
    return err.code.replace(/^auth\//, '')
  }
  return ''
}
