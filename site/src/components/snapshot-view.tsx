import type { ReactNode } from 'react'
import { SnapshotShapeError } from '../api/errors'
import type { SnapshotName } from '../api/schemas'
import type { SnapshotResponse } from '../api/use-snapshot'
import { getErrorMessage } from '../lib/get-error-message'
import { OfflineNotice } from './offline-notice'
import { Spinner } from './spinner'
import { StaleNotice } from './stale-notice'

type Props<D> = {
  response: Omit<SnapshotResponse<SnapshotName>, 'data'> & { data: D | undefined }
  /** what names the data in notices, e.g. "events". */
  what: string
  children: (data: D) => ReactNode
}

/**
 * SnapshotView shows a snapshot's loading, error, stale and offline states
 * around the screen's own rendering of it. A snapshot of the wrong shape is a
 * broken deployment, not a passing network hiccup: it goes to the route's
 * error screen (with the details) rather than leaving a blank page.
 */
export function SnapshotView<D>({ response, what, children }: Props<D>) {
  const { data, error, savedAt, publishedAt, mutate } = response
  if (error instanceof SnapshotShapeError && !data) throw error
  if (!data) {
    if (!error) return <Spinner label={`Loading ${what}`} />
    return (
      <div className="notice notice--error" role="alert">
        <p>
          The {what} could not be loaded: {getErrorMessage(error)}
        </p>
        <button type="button" className="button button--secondary" onClick={() => void mutate()}>
          Try again
        </button>
      </div>
    )
  }
  return (
    <>
      {savedAt !== undefined && <OfflineNotice generatedAt={publishedAt} what={what} />}
      {error && <StaleNotice error={error} what={what} />}
      {children(data)}
    </>
  )
}
