import { useState, type FormEvent } from 'react'
import { Link, Navigate, useNavigate } from 'react-router-dom'
import styles from '../features/accounts/components/account.module.css'
import { AccountScreen } from '../features/accounts/components/account-screen'
import { TextField } from '../features/accounts/components/text-field'
import { routes } from '../config/routes'
import { checkSignUp, MIN_PASSWORD_LENGTH, type FieldErrors } from '../features/accounts/lib/account-validation'
import { useAuth } from '../lib/auth'

function SignUpForm() {
  const { status, busy, signUp } = useAuth()
  const navigate = useNavigate()
  const [displayName, setDisplayName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors<'displayName' | 'email' | 'password'>>({})

  if (status === 'signed-in' && !busy) return <Navigate to={routes.profile.path} replace />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = checkSignUp({ displayName, email, password })
    setErrors(found)
    if (Object.keys(found).length > 0) return
    void signUp(displayName.trim(), email.trim(), password, () => navigate(routes.profile.path, { replace: true }))
  }

  return (
    <form className={`card ${styles.form}`} aria-label="Sign up" noValidate onSubmit={submit}>
      <TextField
        label="Display name"
        autoComplete="nickname"
        value={displayName}
        error={errors.displayName}
        onChange={(event) => setDisplayName(event.target.value)}
      />
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
        autoComplete="new-password"
        value={password}
        error={errors.password ?? undefined}
        placeholder={`At least ${MIN_PASSWORD_LENGTH} characters`}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Signing up…' : 'Sign up'}
      </button>
      <p className={styles.hint}>
        Already have an account? <Link to={routes.signIn.path}>Sign in</Link>
      </p>
    </form>
  )
}

/** SignUpRoute (/signup): display name, e-mail and password; then the profile. */
export default function SignUpRoute() {
  return (
    <AccountScreen screen="Sign Up" heading="Sign up">
      <SignUpForm />
    </AccountScreen>
  )
}
