import { ContentHtml } from '../components/content-html'
import { useSearchParams } from 'react-router-dom'
import { env } from '../config/env'
import { LinkList } from '../features/content/components/link-list'
import { ContentPage } from '../features/content/components/content-page'
import { FeedbackForm, ForDispensaries, IssueForms, reportFrom } from '../features/content/components/feedback'

/** FeedbackRoute (/feedback): the project's issue forms, an e-mail form when an address is set, and the section for dispensaries (data/content/feedback.yaml). */
export default function FeedbackRoute() {
  const [params] = useSearchParams()
  const { form: chosen, fields } = reportFrom(params)
  const repository = env.feedbackRepository
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
          {repository && <IssueForms repository={repository} chosen={chosen} fields={fields} />}
          {page.email && <FeedbackForm email={page.email} chosen={chosen} fields={fields} />}
          {!repository && !page.email && page.links.length === 0 && (
            <p className="empty-state">
              No feedback channel is set up on this site yet. Maintainers: build the site with VITE_FEEDBACK_REPOSITORY (the publish workflow sets it
              to its own repository) or set an e-mail address in data/content/feedback.yaml.
            </p>
          )}
          {page.links.length > 0 && <LinkList links={page.links} label="Other ways to reach us" />}
          <ForDispensaries page={page} />
        </>
      )}
    </ContentPage>
  )
}
