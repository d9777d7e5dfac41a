import { useContent } from '../features/content/api/use-content'
import { ContentHtml } from '../components/content-html'
import { LinkList } from '../features/content/components/link-list'
import { PageTitle } from '../components/page-title'
import { SnapshotView } from '../components/snapshot-view'

/** SocialRoute (/social, /discord, /reddit): the community's channels, from data/content/social.yaml. */
export default function SocialRoute() {
  const response = useContent('content/social')
  return (
    <>
      <PageTitle screen="Social" />
      <h1>Social</h1>
      <SnapshotView response={response} what="social links">
        {(page) => (
          <>
            {page.links.length > 0 ? (
              <LinkList links={page.links} label="Community channels" />
            ) : (
              <p className="empty-state">No community channels are listed yet.</p>
            )}
            <ContentHtml html={page.html} />
          </>
        )}
      </SnapshotView>
    </>
  )
}
