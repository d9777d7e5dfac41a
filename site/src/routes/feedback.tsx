import { useState } from 'react'
import { ContentHtml } from '../components/content-html'
import { LinkList } from '../features/content/components/link-list'
import { ContentPage } from '../features/content/components/content-page'
import { analytics } from '../lib/analytics'
import styles from './feedback.module.css'

const TOPICS = ['A missing dispensary', 'A missing event', 'Wrong or outdated information', 'A dispensary getting in touch', 'Something else']

/**
 * FeedbackForm writes the message into the visitor's own e-mail app (a mailto:
 * link): a static site has no server to receive a form, and this way nothing
 * is stored or sent by the site itself.
 */
function FeedbackForm({ email }: { email: string }) {
  const [topic, setTopic] = useState(TOPICS[0] ?? '')
  const [message, setMessage] = useState('')
  const href = `mailto:${email}?subject=${encodeURIComponent(`Feedback: ${topic}`)}&body=${encodeURIComponent(message)}`
  return (
    <form
      className={`card ${styles.form}`}
      aria-label="Write feedback"
      onSubmit={(event) => {
        event.preventDefault()
        analytics.event({ category: 'Feedback', action: 'compose', label: topic })
        window.location.href = href
      }}
    >
      <label>
        Topic
        <select value={topic} onChange={(event) => setTopic(event.target.value)}>
          {TOPICS.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </label>
      <label>
        Message
        <textarea rows={6} value={message} onChange={(event) => setMessage(event.target.value)} />
      </label>
      <p className={styles.hint}>
        This opens your e-mail app with the message addressed to <a href={`mailto:${email}`}>{email}</a>; you send it from there.
      </p>
      <button type="submit" className="button">
        Write the e-mail
      </button>
    </form>
  )
}

/** FeedbackRoute (/feedback): how to reach the maintainers, from data/content/feedback.yaml. */
export default function FeedbackRoute() {
  return (
    <ContentPage
      name="content/feedback"
      title="Feedback"
      what="feedback options"
      lead="Missing a dispensary or an event, spotted something wrong, or run a dispensary and want to get in touch? Tell us."
    >
      {(page) => (
        <>
          <ContentHtml html={page.html} />
          {page.email ? (
            <FeedbackForm email={page.email} />
          ) : (
            page.links.length === 0 && <p className="empty-state">No feedback address or channel is set up on this site yet.</p>
          )}
          {page.links.length > 0 && <LinkList links={page.links} label="Other ways to reach us" />}
        </>
      )}
    </ContentPage>
  )
}
