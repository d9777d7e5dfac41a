import { contributePath, paths, socialPath } from '../../config/paths'

/** NavGroup is one titled group of sidebar links. */
export type NavGroup = { title: string; links: readonly { label: string; to: string }[] }

/** NAV_GROUPS are the sidebar's groups and links, in the spec's order and words (SPEC.md §2). */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    title: 'Dispensary',
    links: [
      { label: 'Menus', to: paths.menus.path },
      { label: 'Status', to: paths.dispensaryStatus.path },
      { label: 'Deals', to: paths.deals.path },
      { label: 'Maps', to: paths.maps.path },
      { label: 'Wishlist', to: paths.wishlist.path },
      { label: 'Limits', to: paths.limits.path },
      { label: 'Trends', to: paths.trends.path },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'strain genetics', to: paths.strainGenetics.path },
      { label: 'resources', to: paths.resources.path },
      { label: 'events', to: paths.events.path },
      { label: 'other maps', to: paths.otherMaps.path },
    ],
  },
  {
    title: 'Community',
    links: [
      { label: 'yearly highlights', to: paths.yearlyHighlights.path },
      { label: 'March Madness', to: paths.marchMadness.path },
      { label: 'social media', to: socialPath },
      { label: 'chat', to: paths.chat.path },
      { label: 'contribute', to: contributePath },
    ],
  },
  {
    title: 'Site',
    links: [
      { label: 'change log', to: paths.changelog.path },
      { label: 'feedback', to: paths.feedback.path },
    ],
  },
]

/** FOOTER_LINKS reach the screens the sidebar does not list. */
export const FOOTER_LINKS: readonly { label: string; to: string }[] = [
  { label: 'Introduction', to: paths.introduction.path },
  { label: 'Growing Tool', to: paths.growingTool.path },
  { label: 'Company brands', to: paths.companyBrands.path },
  { label: 'Reservation', to: paths.reservation.path },
  { label: 'Donations', to: paths.donations.path },
  { label: 'Terpenes', to: paths.terpenes.path },
]
