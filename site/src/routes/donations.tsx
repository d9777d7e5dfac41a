import { ContentPage, LinksContent } from '../features/content/components/content-page'

/** DonationsRoute (/donations, /donate, /contribute): ways to support the site, from data/content/donations.yaml. */
export default function DonationsRoute() {
  return (
    <ContentPage name="content/donations" title="Donations" what="ways to contribute">
      {(page) => (
        <LinksContent
          page={page}
          label="Ways to donate"
          empty="No way to donate money is set up yet: the ways to help below need none. (Maintainers: add donation pages to data/content/donations.yaml.)"
        />
      )}
    </ContentPage>
  )
}
