import { useEffect, useState } from 'react'
import { formatLocaleDateTime } from '@/lib/format'
import { clampThreshold, DEFAULT_THRESHOLD, MAX_THRESHOLD, MIN_THRESHOLD } from '@/features/offers/lib/alert-rules'
import { alertsSupported, turnAlertsOff, turnAlertsOn } from '../lib/alert-setup'
import { ALERTS_OFF, CHECKED_MESSAGE, readAlertState, saveAlertCodes, saveAlertSettings, type AlertSettings } from '@/features/offers/lib/alert-store'
import styles from '@/features/offers/components/shop.module.css'

type Problem = 'denied' | 'no-worker' | 'storage' | null

const PROBLEM_TEXT: Record<Exclude<Problem, null>, string> = {
  denied: 'Your browser did not allow this site to show notifications. Allow them in its settings for this site, then turn alerts on again.',
  'no-worker':
    'Alerts need this site’s service worker, which your browser has not installed yet (a private window may refuse it). Reload the page and try again.',
  storage: 'Your browser refused to keep the alerts’ settings (a private window may). Try again in a normal window.',
}

/**
 * AlertsPanel (lazily loaded by the Wishlist) turns the alerts on and off and sets their
 * threshold. The service worker does the checks (src/sw/alerts.ts); this keeps what it reads
 * in IndexedDB (alert-store.ts) and shows when it last checked.
 */
export function AlertsPanel({ codes }: { codes: readonly string[] }) {
  const [settings, setSettings] = useState<AlertSettings | null>(null)
  const [checkedAt, setCheckedAt] = useState<string | null>(null)
  const [threshold, setThreshold] = useState(String(DEFAULT_THRESHOLD))
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<Problem>(null)
  const supported = alertsSupported()

  useEffect(() => {
    if (!supported) return
    let live = true
    const load = () =>
      readAlertState().then(
        (state) => {
          if (!live) return
          setSettings(state.settings)
          setCheckedAt(state.checkedAt)
          setThreshold((shown) => (state.settings.on ? String(state.settings.threshold) : shown))
        },
        () => live && (setSettings(ALERTS_OFF), setProblem('storage')),
      )
    void load()
    // The worker says when a check ended: show its time.
    const onMessage = (event: MessageEvent) => (event.data as { type?: string } | null)?.type === CHECKED_MESSAGE && void load()
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => {
      live = false
      navigator.serviceWorker.removeEventListener('message', onMessage)
    }
  }, [supported])

  // The saved codes as this page has them (another tab may have changed the list).
  const codeKey = codes.join(',')
  useEffect(() => {
    if (settings?.on) void saveAlertCodes(codeKey.split(',')).catch(() => undefined)
  }, [settings?.on, codeKey])

  const percent = clampThreshold(Number(threshold) || DEFAULT_THRESHOLD)
  const on = settings?.on === true
  const blocked = on && Notification.permission !== 'granted'

  const act = async (what: () => Promise<void>) => {
    setBusy(true)
    setProblem(null)
    try {
      await what()
    } catch {
      setProblem('storage')
    } finally {
      setBusy(false)
    }
  }
  const turnOn = () =>
    act(async () => {
      const result = await turnAlertsOn(percent, codes)
      if (result.ok) setSettings(result.settings)
      else setProblem(result.reason)
    })
  const turnOff = () => act(async () => setSettings(await turnAlertsOff(settings ?? ALERTS_OFF)))
  const changeThreshold = (value: string) => {
    setThreshold(value)
    const n = Number(value)
    if (on && settings && value.trim() !== '' && Number.isFinite(n)) {
      const next = { ...settings, threshold: clampThreshold(n) }
      setSettings(next)
      void saveAlertSettings(next).catch(() => setProblem('storage'))
    }
  }

  return (
    <section aria-labelledby="alerts-heading" className="card" style={{ padding: '1rem' }}>
      <h2 id="alerts-heading">Alerts</h2>
      <p>Alert me when a saved product is back in stock or its lowest price drops by at least {percent} %.</p>
      <p className={styles.credit}>
        Nothing leaves this browser: no account, no server. Your browser reads the same public product files this page shows and makes each
        notification itself, one per change, linking to the product’s page.
      </p>
      {!supported ? (
        <p>
          This browser cannot show alerts from a web page (they need notifications, a service worker and IndexedDB). The cards below still say what
          changed since your last visit.
        </p>
      ) : (
        <>
          <div className={styles.form}>
            <label className={styles.field}>
              <span>Price drop that alerts (%)</span>
              <input
                type="number"
                min={MIN_THRESHOLD}
                max={MAX_THRESHOLD}
                step={1}
                value={threshold}
                onChange={(e) => changeThreshold(e.target.value)}
                onBlur={() => setThreshold(String(percent))}
              />
            </label>
            {settings !== null &&
              (on ? (
                <button type="button" className="button button--secondary" onClick={turnOff} disabled={busy}>
                  Turn off alerts
                </button>
              ) : (
                <button type="button" className="button" onClick={turnOn} disabled={busy}>
                  Turn on alerts
                </button>
              ))}
          </div>
          <div role="status">
            {settings?.on && (
              <p>
                {settings.background
                  ? 'Alerts are on. Your browser checks your saved products in the background (about every 4 hours, or as often as it allows) and each time you open this site.'
                  : 'Alerts are on. Your browser offers this site no background checks, so your saved products are checked each time you open this site.'}{' '}
                {checkedAt ? `Last checked ${formatLocaleDateTime(Date.parse(checkedAt))}.` : 'Not checked yet.'}
              </p>
            )}
            {!on && settings !== null && !problem && <p>Alerts are off. Turning them on asks your browser to let this site show notifications.</p>}
          </div>
          {blocked && (
            <p className="notice notice--warning" role="alert">
              Notifications are blocked for this site, so no alert can show. Allow them in your browser’s settings for this site.
            </p>
          )}
          {problem && (
            <p className="notice notice--warning" role="alert">
              {PROBLEM_TEXT[problem]}
            </p>
          )}
        </>
      )}
    </section>
  )
}
