import { useState, type FormEvent } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import styles from '../features/accounts/components/account.module.css'
import { AccountScreen } from '../features/accounts/components/account-screen'
import { PushSettings } from '../features/accounts/components/push-settings'
import { TextField } from '../features/accounts/components/text-field'
import { routes } from '../config/routes'
import { checkDisplayName } from '../features/accounts/lib/account-validation'
import type { AuthUser } from '../lib/auth-client'
import { useAuth } from '../lib/auth'
import { sitePush } from '../features/accounts/lib/push-setup'

function ProfileForm({ user }: { user: AuthUser }) {
  const { busy, updateDisplayName } = useAuth()
  const [displayName, setDisplayName] = useState(user.displayName)
  const [error, setError] = useState<string | undefined>()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = checkDisplayName(displayName)
    setError(found)
    if (!found) void updateDisplayName(displayName.trim())
  }

  return (
    <>
      <dl className={styles.details}>
        <dt>Display name</dt>
        <dd data-testid="profile-display-name">{user.displayName || '(none)'}</dd>
        <dt>E-mail</dt>
        <dd>{user.email}</dd>
      </dl>
      <form className={`card ${styles.form}`} aria-label="Update profile" noValidate onSubmit={submit}>
        <TextField
          label="New display name"
          autoComplete="nickname"
          value={displayName}
          error={error}
          onChange={(event) => setDisplayName(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving…' : 'Update profile'}
        </button>
      </form>
      <PushSettings push={sitePush} />
    </>
  )
}

function PrivateProfile() {
  const { status, user } = useAuth()
  const location = useLocation()
  // A signed-out visitor signs in first and comes back here (docs/specification.md §2).
  if (status === 'signed-out' || !user) return <Navigate to={routes.signIn.path} replace state={{ from: location.pathname }} />
  return <ProfileForm key={user.uid} user={user} />
}

/** ProfileRoute (/profile, private): the signed-in user's display name and e-mail; the display name can change. */
export default function ProfileRoute() {
  return (
    <AccountScreen screen="Profile" heading="Profile">
      <PrivateProfile />
    </AccountScreen>
  )
}
