import type { CommunityEvent } from '../features/content/api/content-schemas'
import { ContentHtml } from '../components/content-html'
import { Link } from 'react-router-dom'
import { feedbackHref } from '../components/report-problem'
import { env } from '../config/env'
import { newIssueUrl } from '../lib/issue-forms'
import { ContentPage } from '../features/content/components/content-page'
import { localDay, splitEvents } from '../features/content/lib/events'
import { useNow } from '../lib/use-now'
import styles from './events.module.css'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

// "2026-07-01" is a calendar day, not a UTC midnight: read it in local time.
function showDate(date: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00` : date
  const ms = Date.parse(day)
  return Number.isNaN(ms) ? date : dateFormat.format(ms)
}

function EventCard({ event }: { event: CommunityEvent }) {
  return (
    <article className={`card ${styles.event}`} aria-label={event.title}>
      <h3>
        {event.url ? (
          <a href={event.url} rel="noopener noreferrer">
            {event.title}
          </a>
        ) : (
          event.title
        )}
      </h3>
      <p className={styles.when}>
        <time dateTime={event.start}>{showDate(event.start)}</time>
        {event.end && event.end !== event.start && (
          <>
            {' – '}
            <time dateTime={event.end}>{showDate(event.end)}</time>
          </>
        )}
        {event.location && <> · {event.location}</>}
      </p>
      {event.html && <ContentHtml html={event.html} />}
    </article>
  )
}

/** EventForm is the way to send an event: the repository's event form, or the Feedback page without one. */
function EventForm() {
  const repository = env.feedbackRepository
  return (
    <p>
      {repository ? (
        <a className="button" href={newIssueUrl(repository, 'event', {})} target="_blank" rel="noopener">
          Tell us about an event<span className="visually-hidden"> (opens the project’s event form in a new tab)</span>
        </a>
      ) : (
        <Link className="button" to={feedbackHref('event', {})}>
          Tell us about an event
        </Link>
      )}
    </p>
  )
}

/** EventsRoute (/events): community events from data/content/events.yaml, upcoming first, past ones kept below. */
export default function EventsRoute() {
  // Events move from upcoming to past at midnight; an hourly tick is plenty.
  const today = localDay(useNow(3_600_000))
  return (
    <ContentPage name="content/events" title="Events" what="events">
      {(page) => {
        const { upcoming, past } = splitEvents(page.events, today)
        return (
          <>
            <section aria-labelledby="upcoming-heading" className={styles.group}>
              <h2 id="upcoming-heading">Upcoming events</h2>
              {upcoming.length > 0 ? (
                <div className="stack">
                  {upcoming.map((event) => (
                    <EventCard key={`${event.start}|${event.title}`} event={event} />
                  ))}
                </div>
              ) : (
                <p className="empty-state">
                  {page.events.length === 0
                    ? 'No events are listed yet. (Maintainers: events are listed in data/content/events.yaml.)'
                    : 'No upcoming events are listed.'}
                </p>
              )}
              <EventForm />
            </section>
            <ContentHtml html={page.html} />
            {past.length > 0 && (
              <section aria-labelledby="past-heading" className={styles.group}>
                <h2 id="past-heading">Past events</h2>
                <div className="stack">
                  {past.map((event) => (
                    <EventCard key={`${event.start}|${event.title}`} event={event} />
                  ))}
                </div>
              </section>
            )}
          </>
        )
      }}
    </ContentPage>
  )
}
