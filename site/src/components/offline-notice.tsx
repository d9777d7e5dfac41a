import { formatLocaleDateTime } from '../lib/format'

/**
 * OfflineNotice says the data on screen is the copy saved for offline use,
 * and from when, so a saved snapshot is never passed off as a fresh one.
 */
export function OfflineNotice({ savedAt, what }: { savedAt: number; what: string }) {
  return (
    <p className="notice notice--warning" role="status" data-offline-copy="">
      You are seeing the {what} saved on{' '}
      <time dateTime={new Date(savedAt).toISOString()}>{formatLocaleDateTime(savedAt)}</time>: the site could not be
      reached (are you offline?), so it may be out of date.
    </p>
  )
}
