import { ContentPage, LinksContent } from '../features/content/components/content-page'

/** SocialRoute (/social, /discord, /reddit): the community's channels, from data/content/social.yaml. */
export default function SocialRoute() {
  return (
    <ContentPage name="content/social" title="Social" what="social links">
      {(page) => (
        <LinksContent
          page={page}
          label="Community channels"
          empty="No community channels are listed yet. (Maintainers: add them to data/content/social.yaml.)"
        />
      )}
    </ContentPage>
  )
}
