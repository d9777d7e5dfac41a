import { formatLocaleDateTime } from '../lib/format'

/**
 * OfflineNotice says the data on screen is the copy saved for offline use and
 * when that data was published (the snapshot's own generatedAt, not when the
 * browser saved it: a copy saved today may hold a snapshot published days ago),
 * so a saved snapshot is never passed off as a fresh one. Without a publication
 * time it names no date rather than a misleading one.
 *
 * generatedAt is the snapshot's publication time (useSnapshot's publishedAt).
 */
export function OfflineNotice({ generatedAt, what }: { generatedAt: string | undefined; what: string }) {
  const published = generatedAt === undefined ? NaN : Date.parse(generatedAt)
  return (
    <p className="notice notice--warning" role="status" data-offline-copy="">
      You are seeing a saved copy of the {what}
      {Number.isFinite(published) && (
        <>
          , published on <time dateTime={new Date(published).toISOString()}>{formatLocaleDateTime(published)}</time>
        </>
      )}
      : the site could not be reached (are you offline?), so it may be out of date.
    </p>
  )
}
