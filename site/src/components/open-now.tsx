import { describeOpenState, openStateAt, type OpeningHours } from '../lib/opening-hours'

/**
 * OpenNow says whether a store is open at nowMs on Ohio's clock and until when
 * ("Open now · closes 8 PM", "Closed · opens 10 AM", "Hours unknown"). Words carry
 * it, in the text's own colour, so it reads the same on a card, in a table and in a
 * map's white popup in either theme.
 */
export function OpenNow({ hours, nowMs }: { hours: OpeningHours | null | undefined; nowMs: number }) {
  const state = openStateAt(hours, nowMs)
  return (
    <span className="open-now" data-open={state.open === null ? 'unknown' : String(state.open)}>
      {describeOpenState(state)}
    </span>
  )
}
