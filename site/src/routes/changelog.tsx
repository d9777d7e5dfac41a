import { useContent } from '../features/content/api/use-content'
import { ContentHtml } from '../components/content-html'
import { PageTitle } from '../components/page-title'
import { SnapshotView } from '../components/snapshot-view'

/** ChangelogRoute (/changelog, /change-log): what changed on the site, from data/content/changelog.md. */
export default function ChangelogRoute() {
  const response = useContent('content/changelog')
  return (
    <>
      <PageTitle screen="Change Log" />
      <h1>Change Log</h1>
      <p className="lead">What changed on the site and in the data behind it, newest first.</p>
      <SnapshotView response={response} what="change log">
        {(page) => <ContentHtml html={page.html} />}
      </SnapshotView>
    </>
  )
}
