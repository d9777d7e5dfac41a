import type { SWRConfiguration } from 'swr'
import { HttpError, SnapshotShapeError } from './errors'

/** MAX_RETRIES is how many times a failed request is tried again (the spec's "retry 3"). */
export const MAX_RETRIES = 3
const FIRST_DELAY_MS = 1_000
const MAX_DELAY_MS = 30_000

/**
 * retryDelayMs is the wait before retry number `retry` (1 = first retry):
 * 1 s, doubled per attempt, never more than 30 s. No jitter: every client reads
 * static files from a CDN, so there is no shared server to stampede.
 */
export function retryDelayMs(retry: number): number {
  if (!Number.isInteger(retry) || retry < 1) {
    throw new RangeError(`retry must be a whole number from 1, got ${retry}`)
  }
  // Capping the exponent first keeps 2 ** n finite for absurd inputs.
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(retry - 1, 30), MAX_DELAY_MS)
}

/** isRetryable says whether trying again could help: not for a bad shape or a 4xx answer. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof SnapshotShapeError) return false
  if (error instanceof HttpError) return error.status < 400 || error.status > 499
  return true
}

/** shouldRetry combines the error kind with the retry budget; retry counts from 1. */
export function shouldRetry(error: unknown, retry: number): boolean {
  return retry <= MAX_RETRIES && isRetryable(error)
}

/** onErrorRetry plugs the schedule into SWR, which passes retryCount from 1 upwards. */
export const onErrorRetry: NonNullable<SWRConfiguration['onErrorRetry']> = (error, _key, _config, revalidate, options) => {
  if (!shouldRetry(error, options.retryCount)) return
  setTimeout(() => void revalidate(options), retryDelayMs(options.retryCount))
}
