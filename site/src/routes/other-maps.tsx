import { useContent } from '../features/content/api/use-content'
import { ContentHtml } from '../components/content-html'
import { LinkList } from '../features/content/components/link-list'
import { PageTitle } from '../components/page-title'
import { SnapshotView } from '../components/snapshot-view'

/** OtherMapsRoute (/other-maps): other maps of Ohio dispensaries, from data/content/other-maps.yaml. */
export default function OtherMapsRoute() {
  const response = useContent('content/other-maps')
  return (
    <>
      <PageTitle screen="Other Maps" />
      <h1>Other Maps</h1>
      <SnapshotView response={response} what="maps list">
        {(page) => (
          <>
            <ContentHtml html={page.html} />
            {page.links.length > 0 ? <LinkList links={page.links} label="Maps" /> : <p className="empty-state">No other maps are listed yet.</p>}
          </>
        )}
      </SnapshotView>
    </>
  )
}
