import type { ReactNode } from 'react'
import { SnapshotShapeError } from '../api/errors'
import type { SnapshotState } from '../api/use-snapshot'
import { getErrorMessage } from '../lib/get-error-message'
import { OfflineNotice } from './offline-notice'
import { Spinner } from './spinner'
import { StaleNotice } from './stale-notice'

type Props<D> = {
  /** response is a snapshot hook's answer (useSnapshot, useSnapshotList or one like them). */
  response: SnapshotState<D>
  /** what names the data in notices, e.g. "events". */
  what: string
  /** loading is the spinner's label; "Loading <what>" by default. */
  loading?: string
  /** failed opens the message of a failure; "The <what> could not be loaded:" by default. */
  failed?: string
  /**
   * shapeInPlace reports a snapshot of the wrong shape here, like any other
   * failure, instead of on the route's error screen: for a part of a page
   * (the homepage's statistics) or a page whose wording of errors is fixed
   * (the status page).
   */
  shapeInPlace?: boolean
  children: (data: D) => ReactNode
}

/**
 * SnapshotView shows a snapshot's loading, error (with "Try again"), stale and
 * offline states around the screen's own rendering of it: every screen and
 * block that loads a snapshot goes through it. A snapshot of the wrong shape is
 * a broken deployment, not a passing network hiccup: unless shapeInPlace, it
 * goes to the route's error screen (with the details) rather than leaving a
 * blank page.
 */
export function SnapshotView<D>({ response, what, loading, failed, shapeInPlace = false, children }: Props<D>) {
  const { data, error, savedAt, publishedAt, mutate } = response
  if (error instanceof SnapshotShapeError && data === undefined && !shapeInPlace) throw error
  if (data === undefined) {
    if (!error) return <Spinner label={loading ?? `Loading ${what}`} />
    return (
      <div className="notice notice--error" role="alert">
        <p>
          {failed ?? `The ${what} could not be loaded:`} {getErrorMessage(error)}
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
