import { ContentPage } from '../features/content/components/content-page'

/** IntroductionRoute (/introduction): who we are and how the site works, from data/content/introduction.md. */
export default function IntroductionRoute() {
  return <ContentPage name="content/introduction" title="Introduction" what="introduction" />
}
