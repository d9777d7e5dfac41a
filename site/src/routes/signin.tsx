import { useState, type FormEvent } from 'react'
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom'
import styles from '../features/accounts/components/account.module.css'
import { AccountScreen } from '../features/accounts/components/account-screen'
import { TextField } from '../features/accounts/components/text-field'
import { routes } from '../config/routes'
import { checkSignIn, type FieldErrors } from '../features/accounts/lib/account-validation'
import { useAuth } from '../lib/auth'

/** returnPath is where sign-in leads: the private page the visitor was sent away from, or the profile. */
export function returnPath(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string' && state.from.startsWith('/')) {
    return state.from
  }
  return routes.profile.path
}

function SignInForm() {
  const { status, busy, signIn } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const target = returnPath(location.state)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({})

  if (status === 'signed-in' && !busy) return <Navigate to={target} replace />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = checkSignIn({ email, password })
    setErrors(found)
    if (Object.keys(found).length > 0) return
    void signIn(email.trim(), password, () => navigate(target, { replace: true }))
  }

  return (
    <form className={`card ${styles.form}`} aria-label="Sign in" noValidate onSubmit={submit}>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        value={email}
        error={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <p className={styles.hint}>
        No account yet? <Link to={routes.signUp.path}>Sign up</Link>
      </p>
    </form>
  )
}

/** SignInRoute (/signin): e-mail and password; back to the page that asked for it, or the profile. */
export default function SignInRoute() {
  return (
    <AccountScreen screen="Sign In" heading="Sign in">
      <SignInForm />
    </AccountScreen>
  )
}
