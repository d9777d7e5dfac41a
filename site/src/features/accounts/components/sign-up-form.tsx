import type { FormEvent } from 'react'
import { Link, Navigate, useNavigate } from 'react-router-dom'
import { routes } from '@/config/routes'
import { useAuth } from '@/lib/auth'
import { checkSignUp, MIN_PASSWORD_LENGTH } from '../lib/account-validation'
import { useAccountForm } from '../lib/use-account-form'
import styles from './account.module.css'
import { TextField } from './text-field'

/** SignUpForm creates an account with a display name, e-mail and password, then opens the profile. */
export function SignUpForm() {
  const { status, busy, signUp } = useAuth()
  const navigate = useNavigate()
  const { values, field, check } = useAccountForm({ displayName: '', email: '', password: '' })

  if (status === 'signed-in' && !busy) return <Navigate to={routes.profile.path} replace />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!check(checkSignUp(values))) return
    void signUp(values.displayName.trim(), values.email.trim(), values.password, () => navigate(routes.profile.path, { replace: true }))
  }

  return (
    <form className={`card ${styles.form}`} aria-label="Sign up" noValidate onSubmit={submit}>
      <TextField label="Display name" autoComplete="nickname" {...field('displayName')} />
      <TextField label="E-mail" type="email" autoComplete="email" {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder={`At least ${MIN_PASSWORD_LENGTH} characters`}
        {...field('password')}
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
