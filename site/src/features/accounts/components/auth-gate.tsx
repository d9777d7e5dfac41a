import type { ReactNode } from 'react'
import { useAuth } from '@/lib/auth'
import { Spinner } from '@/components/spinner'

/**
 * AuthGate shows children once sign-in can be used: a spinner while the
 * provider has not reported yet, and an explanation when the site has no
 * sign-in configured or the provider could not be loaded.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const { status } = useAuth()
  if (status === 'unconfigured') {
    return <p role="status">Sign-in is not configured on this site, so accounts are not available. Everything else works without an account.</p>
  }
  if (status === 'unavailable') {
    return <p role="alert">Sign-in is unavailable right now: the sign-in service could not be loaded. Please reload to try again.</p>
  }
  if (status === 'loading') return <Spinner label="Checking sign-in" />
  return <>{children}</>
}
