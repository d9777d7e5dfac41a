import { useContent } from '../features/content/api/use-content'
import { ContentHtml } from '../components/content-html'
import { PageTitle } from '../components/page-title'
import { SnapshotView } from '../components/snapshot-view'

/** IntroductionRoute (/introduction): who we are and how the site works, from data/content/introduction.md. */
export default function IntroductionRoute() {
  const response = useContent('content/introduction')
  return (
    <>
      <PageTitle screen="Introduction" />
      <h1>Introduction</h1>
      <SnapshotView response={response} what="introduction">
        {(page) => <ContentHtml html={page.html} />}
      </SnapshotView>
    </>
  )
}
