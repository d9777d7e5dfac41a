import { ContentPage } from '../features/content/components/content-page'

/** ChangelogRoute (/changelog, /change-log): what changed on the site, from data/content/changelog.md. */
export default function ChangelogRoute() {
  return (
    <ContentPage
      name="content/changelog"
      title="Change Log"
      what="change log"
      lead="What changed on the site and in the data behind it, newest first."
    />
  )
}
