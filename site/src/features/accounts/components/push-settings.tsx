import { useState } from 'react'
import { formatLocaleDateTime } from '@/lib/format'
import { PUSH_UNSUPPORTED, pushStatus, PushError, readPushToken, turnOffPush, turnOnPush, type PushEnvironment, type PushStatus } from '../lib/push'
import { getErrorMessage } from '@/lib/get-error-message'
import { showToast } from '@/lib/toast-store'
import styles from './account.module.css'

/**
 * PushSettings is the profile's notifications section: the only place a
 * visitor turns push notifications on (docs/specification.md §7), so the browser's
 * permission request always follows their click. push is null when the site
 * has no push settings.
 */
export function PushSettings({ push }: { push: PushEnvironment | null }) {
  return (
    <section className={styles.section} aria-labelledby="profile-notifications">
      <h2 id="profile-notifications">Notifications</h2>
      {push ? <PushControls push={push} /> : <p className={styles.hint}>Push notifications are not set up on this site.</p>}
    </section>
  )
}

function PushControls({ push }: { push: PushEnvironment }) {
  const [status, setStatus] = useState<PushStatus>(() => pushStatus(push))
  const [busy, setBusy] = useState(false)

  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await action()
      showToast(done, { kind: 'success' })
    } catch (err) {
      // The toast says it plainly; the console keeps the browser's or the SDK's own error.
      console.warn('push notifications:', err instanceof PushError && err.cause !== undefined ? err.cause : err)
      showToast(err instanceof PushError ? err.message : `Notifications: ${getErrorMessage(err)}`)
    } finally {
      setStatus(pushStatus(push))
      setBusy(false)
    }
  }

  if (status === 'unsupported') {
    return <p className={styles.hint}>{PUSH_UNSUPPORTED}</p>
  }
  if (status === 'blocked') {
    return (
      <p className={styles.hint}>Notifications are blocked for this site. Allow them in your browser&apos;s site settings, then reload this page.</p>
    )
  }
  const stored = status === 'on' ? readPushToken(push.storage) : null
  return (
    <>
      <p data-testid="push-status">
        {stored
          ? `Notifications are on in this browser. Its subscription was renewed on ${formatLocaleDateTime(stored.savedAt)}; it is renewed every 7 days.`
          : 'Get a notification in this browser when there is news for you. Your browser will ask for permission.'}
      </p>
      {stored ? (
        <button type="button" className="button" disabled={busy} onClick={() => void act(() => turnOffPush(push), 'Notifications turned off')}>
          {busy ? 'Turning off…' : 'Turn off notifications'}
        </button>
      ) : (
        <button type="button" className="button" disabled={busy} onClick={() => void act(() => turnOnPush(push), 'Notifications turned on')}>
          {busy ? 'Turning on…' : 'Turn on notifications'}
        </button>
      )}
    </>
  )
}
