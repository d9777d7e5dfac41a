import { useContent } from '../features/content/api/use-content'
import { ContentHtml } from '../components/content-html'
import { LinkList } from '../features/content/components/link-list'
import { PageTitle } from '../components/page-title'
import { SnapshotView } from '../components/snapshot-view'

/** DonationsRoute (/donations, /donate, /contribute): ways to support the site, from data/content/donations.yaml. */
export default function DonationsRoute() {
  const response = useContent('content/donations')
  return (
    <>
      <PageTitle screen="Donations" />
      <h1>Donations</h1>
      <SnapshotView response={response} what="ways to contribute">
        {(page) => (
          <>
            {page.links.length > 0 ? (
              <LinkList links={page.links} label="Ways to donate" />
            ) : (
              <p className="empty-state">No way to donate money is set up yet: the ways to help below need none.</p>
            )}
            <ContentHtml html={page.html} />
          </>
        )}
      </SnapshotView>
    </>
  )
}
