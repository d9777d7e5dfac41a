/**
 * paths holds every URL the app routes or links to (SPEC.md §2), so a renamed
 * route changes in one place. `aliases` are other paths showing the same screen.
 * Every path here has a screen; omc serve answers each (TestSiteRoutesMatchPaths
 * in cmd/omc checks the two lists agree).
 */
export const paths = {
  home: { path: '/', aliases: ['/home'] },
  companyBrands: { path: '/company-brands', aliases: [] },
  reservation: { path: '/Reservation', aliases: [] },
  marchMadness: { path: '/march-madness', aliases: [] },
  otherMaps: { path: '/other-maps', aliases: [] },
  events: { path: '/events', aliases: [] },
  introduction: { path: '/introduction', aliases: [] },
  social: { path: '/social', aliases: ['/discord', '/reddit'] },
  growingTool: { path: '/growing-tool', aliases: [] },
  dispensaryStatus: { path: '/dispensary-status', aliases: [] },
  changelog: { path: '/change-log', aliases: ['/changelog'] },
  donations: { path: '/donations', aliases: ['/donate', '/contribute'] },
  feedback: { path: '/feedback', aliases: [] },
  resources: { path: '/resources', aliases: [] },
  yearlyHighlights: { path: '/yearly-highlights', aliases: [] },
  chat: { path: '/chat', aliases: [] },
  // Accounts: not pre-rendered, never in the sitemap.
  signIn: { path: '/signin', aliases: [] },
  signUp: { path: '/signup', aliases: [] },
  profile: { path: '/profile', aliases: [] },
  // Screens of later issues, linked from the sidebar.
  menus: { path: '/dispensary-menus', aliases: ['/menu'] },
  deals: { path: '/dispensary-deals', aliases: ['/deals'] },
  maps: { path: '/dispensary-maps', aliases: ['/maps'] },
  wishlist: { path: '/dispensary-wishlist', aliases: ['/wishlist'] },
  limits: { path: '/dispensary-limits', aliases: [] },
  trends: { path: '/trends', aliases: [] },
  strainGenetics: { path: '/strain-genetics', aliases: ['/genetics'] },
  strain: { path: '/strain-genetics/:genetic', aliases: ['/genetics/:genetic'] },
  terpenes: { path: '/terpenes', aliases: [] },
  terpene: { path: '/terpenes/:terpene', aliases: [] },
  product: { path: '/product/:code', aliases: [] },
} as const satisfies Record<string, { path: string; aliases: readonly string[] }>

/** discordPath is where the error screen sends visitors to report a problem. */
export const discordPath = '/discord'

/** contributePath is the sidebar's "contribute" entry (an alias of the donations screen). */
export const contributePath = '/contribute'

/** socialPath is the sidebar's "social media" entry. */
export const socialPath = '/social'

/** strainHref is a strain's page. */
export const strainHref = (slug: string) => `/strain-genetics/${encodeURIComponent(slug)}`

/** terpeneHref is a terpene's page. */
export const terpeneHref = (slug: string) => `/terpenes/${encodeURIComponent(slug)}`

/** storeMenuHref is the Menus search narrowed to one dispensary. */
export const storeMenuHref = (slug: string) => `/dispensary-menus?store=${encodeURIComponent(slug)}`

/** storeStatusHref is a dispensary's card on the status page. */
export const storeStatusHref = (slug: string) => `/dispensary-status#${encodeURIComponent(slug)}`

/** productHref is the page of the product with this code. */
export const productHref = (code: string) => `/product/${encodeURIComponent(code)}`
