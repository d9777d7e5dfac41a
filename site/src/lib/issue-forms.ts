import { env } from '../config/env'

// The repository's issue forms (.github/ISSUE_TEMPLATE/<file>): the site has no server
// to take a message, so feedback goes to the project's public issue tracker, each form
// opened with what the visitor was looking at already filled in (GitHub fills a form's
// fields from query parameters named by the fields' ids). issue-forms.test.ts checks every
// file and field id named here against the forms themselves.

/** ISSUE_FORMS are the forms the site opens, by name: the form's file, the button's words and the fields the site may fill. */
export const ISSUE_FORMS = {
  dispensary: {
    file: 'dispensary.yml',
    label: 'A missing or closed dispensary',
    fields: ['store', 'address', 'menu', 'details'],
  },
  menu: {
    file: 'menu.yml',
    label: 'A wrong menu or price',
    fields: ['store', 'product', 'market', 'menu', 'page', 'snapshot', 'details'],
  },
  event: {
    file: 'event.yml',
    label: 'An event',
    fields: ['event', 'date', 'location', 'link', 'details'],
  },
  feedback: {
    file: 'feedback.yml',
    label: 'Other feedback',
    fields: ['page', 'details'],
  },
} as const

export type IssueFormName = keyof typeof ISSUE_FORMS
export type IssueFields<N extends IssueFormName> = Partial<Record<(typeof ISSUE_FORMS)[N]['fields'][number], string>>

// GitHub answers 414 past about 8 kB of URL: a field is cut to MAX_FIELD characters (a
// store or product name, a link), which keeps the seven fields of a menu report well under.
const MAX_FIELD = 600

/**
 * newIssueUrl is the address of repository's new-issue page with form chosen and fields
 * filled in (empty ones left out), and title when given.
 */
export function newIssueUrl<N extends IssueFormName>(repository: string, form: N, fields: IssueFields<N>, title?: string): string {
  const query = new URLSearchParams({ template: ISSUE_FORMS[form].file })
  if (title) query.set('title', title.slice(0, MAX_FIELD))
  for (const id of ISSUE_FORMS[form].fields as readonly string[]) {
    const value = (fields as Record<string, string | undefined>)[id]?.trim()
    if (value) query.set(id, value.slice(0, MAX_FIELD))
  }
  return `https://github.com/${repository}/issues/new?${query.toString()}`
}

/** feedbackRepository is the repository the site's feedback links open (VITE_FEEDBACK_REPOSITORY); '' when none is set. */
export const feedbackRepository = (): string => env.feedbackRepository
