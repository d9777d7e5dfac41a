import { Link, useLocation } from 'react-router-dom'
import { routes } from '../config/routes'
import { env } from '../config/env'
import { withoutTracking } from '../config/tracking-params'
import { newIssueUrl, type IssueFields } from '../lib/issue-forms'

/** Report is what a page tells about the offer or store a visitor reports: the menu report's fields the page knows. */
export type Report = Omit<IssueFields<'menu'>, 'page' | 'details'>

/** feedbackHref is the /feedback address that opens form with fields, for a site with no repository to send reports to. */
export function feedbackHref(form: string, fields: Record<string, string | undefined>): string {
  const query = new URLSearchParams({ form })
  for (const [key, value] of Object.entries(fields)) if (value) query.set(key, value)
  return `${routes.feedback.path}?${query.toString()}`
}

/**
 * ReportProblem is a store or product page's "Report a problem" link: the repository's
 * "wrong menu or price" form, filled in with the store, product, market, menu link, the
 * time the data was published and this page's address, so a maintainer sees exactly
 * what the visitor saw. Without a repository (VITE_FEEDBACK_REPOSITORY) it opens the
 * Feedback page with the same details. The page's address is its path, with the site's
 * address in front when the build knows it, and its query without a share's tracking
 * parameters: the same in the pre-rendered HTML and in the browser, which hydrates a page
 * opened with only those (config/tracking-params.ts).
 */
export function ReportProblem({ report, title }: { report: Report; title: string }) {
  const location = useLocation()
  const page = env.siteUrl + location.pathname + withoutTracking(location.search)
  const fields = { ...report, page }
  const repository = env.feedbackRepository
  return (
    <p>
      {repository ? (
        <a className="button button--secondary" href={newIssueUrl(repository, 'menu', fields, `Menu: ${title}`)} target="_blank" rel="noopener">
          Report a problem<span className="visually-hidden"> with this page (opens the project’s issue form in a new tab)</span>
        </a>
      ) : (
        <Link className="button button--secondary" to={feedbackHref('menu', fields)}>
          Report a problem<span className="visually-hidden"> with this page</span>
        </Link>
      )}
    </p>
  )
}
