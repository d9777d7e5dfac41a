import { getErrorMessage } from '../lib/get-error-message'

/**
 * StaleNotice says the data on screen could not be refreshed, for when SWR has
 * both data and an error: the older data stays, with this warning above it.
 */
export function StaleNotice({ error, what }: { error: unknown; what: string }) {
  return (
    <p className="notice notice--warning" role="status">
      Showing the last {what} we loaded; refreshing failed: {getErrorMessage(error)}
    </p>
  )
}
