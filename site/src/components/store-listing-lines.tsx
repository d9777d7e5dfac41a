import type { StoreListing } from '../api/store-listing'
import { useHydrated } from '../lib/use-hydrated'
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

/** telHref is a phone number as a tel: link (US numbers get +1), or null when it has too few digits to dial. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 10) return `tel:+1${digits}`
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`
  return digits.length >= 7 ? `tel:${digits}` : null
}

// The day publish first saw a licence, in the visitor's own date format (noon UTC is that day in every US zone);
// in US English in pre-rendered HTML and while hydrating it, which cannot know the visitor's (see LocalTime).
function Since({ day }: { day: string }) {
  const locale = useHydrated() ? undefined : 'en-US'
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(locale, { dateStyle: 'medium', timeZone: 'UTC' })
}

/**
 * StoreListingLines are what the state's roster tells a shopper about a store, one
 * paragraph each: open now and its hours, its phone, its licence, or that the state
 * does not list it. Nothing is shown for what the roster does not say.
 */
export function StoreListingLines({ store, nowMs, className }: { store: StoreListing; nowMs: number; className?: string }) {
  const { licence, phone, hours, onStateList } = store
  const tel = phone ? telHref(phone) : null
  const sample = licence?.sample ? ' (sample data)' : ''
  return (
    <>
      <p className={className}>
        <OpenNow hours={store.openingHours} nowMs={nowMs} />
        {hours && <> · Hours: {hours}</>}
      </p>
      {phone && (
        <p className={className}>
          Phone: {tel ? <a href={tel}>{phone}</a> : phone}
          {sample}
        </p>
      )}
      {licence && (
        <p className={className}>
          {licence.active ? 'Licensed by the state' : `State licence ${licence.status.toLowerCase()}, not active`}: {licence.number}
          {licence.type && ` (${licence.type})`}
          {licence.since && (
            <>
              , on the state’s list since <Since day={licence.since} />
            </>
          )}
          {sample}
        </p>
      )}
      {onStateList === false && <p className={className}>Not on the state’s list: no licence on the state’s roster matches this store.</p>}
    </>
  )
}
