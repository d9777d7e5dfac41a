import type { FormEvent } from 'react'
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom'
import { routes } from '@/config/routes'
import { useAuth } from '@/lib/auth'
import { checkSignIn } from '../lib/account-validation'
import { useAccountForm } from '../lib/use-account-form'
import styles from './account.module.css'
import { TextField } from './text-field'

/** returnPath is where sign-in leads: the private page the visitor was sent away from, or the profile. */
export function returnPath(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string' && state.from.startsWith('/')) {
    return state.from
  }
  return routes.profile.path
}

/** SignInForm signs in with e-mail and password, then returns to the page that asked for it. */
export function SignInForm() {
  const { status, busy, signIn } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const target = returnPath(location.state)
  const { values, field, check } = useAccountForm({ email: '', password: '' })

  if (status === 'signed-in' && !busy) return <Navigate to={target} replace />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (check(checkSignIn(values))) void signIn(values.email.trim(), values.password, () => navigate(target, { replace: true }))
  }

  return (
    <form className={`card ${styles.form}`} aria-label="Sign in" noValidate onSubmit={submit}>
      <TextField label="E-mail" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <p className={styles.hint}>
        No account yet? <Link to={routes.signUp.path}>Sign up</Link>
      </p>
    </form>
  )
}
