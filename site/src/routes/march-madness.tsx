import { ContentHtml } from '../components/content-html'
import { ContentPage } from '../features/content/components/content-page'
import { Bracket } from '../features/content/components/march-madness/bracket'
import { VoteResults } from '../features/content/components/march-madness/vote-results'

/** MarchMadnessRoute (/march-madness): the 2025 strain bracket and its results, from data/content/march-madness-2025.yaml. */
export default function MarchMadnessRoute() {
  return (
    <ContentPage
      name="content/march-madness-2025"
      title="March Madness 2025"
      what="bracket"
      lead="A bracket of strains, voted on by the community one matchup at a time."
    >
      {(page) => (
        <>
          {page.rounds.length > 0 ? (
            <>
              <Bracket rounds={page.rounds} champion={page.champion} />
              <section aria-labelledby="votes-heading">
                <h2 id="votes-heading">Vote results</h2>
                {page.rounds.map((round) => (
                  <VoteResults key={round.name} name={round.name} matchups={round.matchups} />
                ))}
              </section>
            </>
          ) : (
            <p className="empty-state">
              We have no record of the 2025 bracket's matchups or results yet. (Maintainers: fill the rounds in data/content/march-madness-2025.yaml.)
            </p>
          )}
          <ContentHtml html={page.html} />
        </>
      )}
    </ContentPage>
  )
}
