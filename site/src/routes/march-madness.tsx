import { useContent } from '../features/content/api/use-content'
import { ContentHtml } from '../components/content-html'
import { Bracket } from '../features/content/components/march-madness/bracket'
import { PageTitle } from '../components/page-title'
import { SnapshotView } from '../components/snapshot-view'

/** MarchMadnessRoute (/march-madness): the 2025 strain bracket and its results, from data/content/march-madness-2025.yaml. */
export default function MarchMadnessRoute() {
  const response = useContent('content/march-madness-2025')
  return (
    <>
      <PageTitle screen="March Madness 2025" />
      <h1>March Madness 2025</h1>
      <p className="lead">A bracket of strains, voted on by the community one matchup at a time.</p>
      <SnapshotView response={response} what="bracket">
        {(page) => (
          <>
            {page.rounds.length > 0 ? (
              <Bracket rounds={page.rounds} champion={page.champion} />
            ) : (
              <p className="empty-state">We have no record of the 2025 bracket's matchups or results yet.</p>
            )}
            <ContentHtml html={page.html} />
          </>
        )}
      </SnapshotView>
    </>
  )
}
