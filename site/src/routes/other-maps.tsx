import { ContentPage, LinksContent } from '../features/content/components/content-page'

/** OtherMapsRoute (/other-maps): other maps of Ohio dispensaries, from data/content/other-maps.yaml. */
export default function OtherMapsRoute() {
  return (
    <ContentPage name="content/other-maps" title="Other Maps" what="maps list">
      {(page) => <LinksContent page={page} label="Maps" empty="No other maps are listed yet." textFirst />}
    </ContentPage>
  )
}
