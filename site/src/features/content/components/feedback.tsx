// The Feedback page's parts (routes/feedback.tsx composes them): the repository's issue
// forms, the e-mail form, and the section for dispensaries.
import { useState } from 'react'
import { ContentHtml } from '@/components/content-html'
import type { Feedback } from '../api/content-schemas'
import { analytics } from '@/lib/analytics'
import { ISSUE_FORMS, newIssueUrl, type IssueFormName } from '@/lib/issue-forms'
import styles from './feedback.module.css'

const FORM_NAMES = Object.keys(ISSUE_FORMS) as IssueFormName[]
const isFormName = (name: string | null): name is IssueFormName => name !== null && name in ISSUE_FORMS

/**
 * reportFrom reads what a page sent along (/feedback?form=menu&store=…, from "Report a
 * problem" on a site without a repository): the form and the fields that form has.
 */
export function reportFrom(params: URLSearchParams): { form: IssueFormName | null; fields: Record<string, string> } {
  const form = params.get('form')
  if (!isFormName(form)) return { form: null, fields: {} }
  const fields: Record<string, string> = {}
  for (const id of ISSUE_FORMS[form].fields) {
    const value = params.get(id)?.trim()
    if (value) fields[id] = value
  }
  return { form, fields }
}

/** IssueForms are the repository's forms as buttons, the one a page sent the visitor for first and filled in. */
export function IssueForms({ repository, chosen, fields }: { repository: string; chosen: IssueFormName | null; fields: Record<string, string> }) {
  const order = chosen ? [chosen, ...FORM_NAMES.filter((f) => f !== chosen)] : FORM_NAMES
  return (
    <section aria-labelledby="tell-us-heading">
      <h2 id="tell-us-heading">Tell us</h2>
      <ul className={styles.forms}>
        {order.map((form) => (
          <li key={form}>
            <a
              className={form === chosen || (!chosen && form === 'dispensary') ? 'button' : 'button button--secondary'}
              href={newIssueUrl(repository, form, form === chosen ? fields : {})}
              target="_blank"
              rel="noopener"
              onClick={() => analytics.event({ category: 'Feedback', action: 'open form', label: form })}
            >
              {ISSUE_FORMS[form].label}
              <span className="visually-hidden"> (opens the project’s issue form in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      <p className={styles.hint}>
        Each opens a form on GitHub, in the public issue tracker of <a href={`https://github.com/${repository}`}>{repository}</a>.
      </p>
    </section>
  )
}

/** messageOf writes what a page sent along as the e-mail's first lines. */
const messageOf = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([id, value]) => `${id}: ${value}`)
    .join('\n')

/**
 * FeedbackForm writes the message into the visitor's own e-mail app (a mailto:
 * link): a static site has no server to receive a form, and this way nothing
 * is stored or sent by the site itself.
 */
export function FeedbackForm({ email, chosen, fields }: { email: string; chosen: IssueFormName | null; fields: Record<string, string> }) {
  const [topic, setTopic] = useState<IssueFormName>(chosen ?? 'dispensary')
  const [message, setMessage] = useState(() => (Object.keys(fields).length > 0 ? `${messageOf(fields)}\n\n` : ''))
  const href = `mailto:${email}?subject=${encodeURIComponent(`Feedback: ${ISSUE_FORMS[topic].label}`)}&body=${encodeURIComponent(message)}`
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
        <select value={topic} onChange={(event) => setTopic(event.target.value as IssueFormName)}>
          {FORM_NAMES.map((form) => (
            <option key={form} value={form}>
              {ISSUE_FORMS[form].label}
            </option>
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

/** ForDispensaries is the section for stores: how to be listed, what omc reads, robots.txt, and a menu in JSON-LD omc reads. */
export function ForDispensaries({ page }: { page: Feedback }) {
  if (!page.dispensaries) return null
  return (
    <section aria-labelledby="dispensaries-heading">
      <h2 id="dispensaries-heading">For dispensaries</h2>
      <ContentHtml html={page.dispensaries.html} />
      {page.jsonLdExample && (
        <pre className={styles.example} tabIndex={0} aria-label="A menu in JSON-LD that omc reads">
          <code>{page.jsonLdExample}</code>
        </pre>
      )}
    </section>
  )
}
