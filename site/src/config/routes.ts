// The one list of the site's screens. Everything that needs to know the site's
// pages reads it: the router (app/router.tsx), the sidebar and footer
// (components/layout/nav-groups.ts), the links (config/paths.ts), pre-rendering
// and the sitemap (app/prerender.tsx), and `omc serve`, through the routes.json
// the build writes from siteRoutesJson() (vite.config.ts; cmd/omc/routes.go
// answers 200 for these paths and 404 for any other page path).
//
// Adding a screen is one line here and its route module, src/routes/<module>.tsx,
// whose default export is the screen (its code in a feature folder, see
// site/README.md). Kept free of imports so vite.config.ts can load it.

/** NAV_GROUP_TITLES are the sidebar's groups, in order. */
export const NAV_GROUP_TITLES = ['Dispensary', 'Resources', 'Community', 'Site'] as const
export type NavGroupTitle = (typeof NAV_GROUP_TITLES)[number]

/** RouteDef is one screen of the site. */
export type RouteDef = {
  /** module is the route module, src/routes/<module>.tsx; its default export is the screen. */
  module: string
  /** path is the screen's main path (the sitemap's and canonical links'); ":name" matches one segment. */
  path: string
  /** aliases are other paths showing the same screen. */
  aliases?: readonly string[]
  /** data names the snapshots (api/<name>) the screen shows: they download with its code. */
  data?: readonly string[]
  /** nav links the screen from a sidebar group, with its label (to another of its paths, when given). */
  nav?: readonly [group: NavGroupTitle, label: string, to?: string]
  /** footer links the screen from the footer, with this label. */
  footer?: string
  /** personal screens depend on the visitor (accounts): neither pre-rendered nor in the sitemap. */
  personal?: true
  /**
   * snapshot is, for a path with a ":name" segment, the snapshot each of its pages shows,
   * named with that segment (menus/:store): a page whose snapshot is not published is not
   * found (omc serve answers 404).
   */
  snapshot?: string
  /**
   * sameScreenAs is the route whose screen this one's paths show too, the same component
   * kept mounted as the URL moves between them: a region chosen in Menus' form moves the
   * URL from /dispensary-menus to /dispensary-menus/central/flower and keeps the form, its
   * focus and the page's scroll where they are.
   */
  sameScreenAs?: string
}

/**
 * routes are the site's screens. Their order is the order of the sidebar's links
 * within a group and of the footer's. A path with a ":name" segment (one page per
 * strain, terpene or product) is routed but neither pre-rendered nor in the sitemap.
 */
export const routes = {
  home: { module: 'home', path: '/', aliases: ['/home'], data: ['statistics', 'announcements'] },
  menus: { module: 'menus', path: '/dispensary-menus', aliases: ['/menu'], data: ['search/stores'], nav: ['Dispensary', 'Menus'] },
  // One region's Menus search for one product type, at a path of its own: a page that is
  // pre-rendered after each publish (app/prerender.tsx) with that search's first page
  // (api/search/<type>/first-<region>, written beside the region's shard), so a link to it
  // paints its rows with the page, as the default search's does. The Menus form moves there
  // when a region is chosen.
  menusRegion: {
    module: 'menus',
    path: '/dispensary-menus/:region/:type',
    data: ['search/stores'],
    snapshot: 'search/:type/first-:region',
    sameScreenAs: 'menus',
  },
  store: { module: 'store', path: '/dispensary-menus/:store', aliases: ['/menu/:store'], snapshot: 'menus/:store' },
  dispensaryStatus: { module: 'dispensary-status', path: '/dispensary-status', data: ['DispensaryStatus'], nav: ['Dispensary', 'Status'] },
  deals: { module: 'deals', path: '/dispensary-deals', aliases: ['/deals'], data: ['deals/index'], nav: ['Dispensary', 'Deals'] },
  maps: { module: 'dispensary-maps', path: '/dispensary-maps', aliases: ['/maps'], data: ['DispensaryStatus'], nav: ['Dispensary', 'Maps'] },
  wishlist: { module: 'wishlist', path: '/dispensary-wishlist', aliases: ['/wishlist'], nav: ['Dispensary', 'Wishlist'] },
  limits: { module: 'limits', path: '/dispensary-limits', nav: ['Dispensary', 'Limits'] },
  trends: { module: 'trends', path: '/trends', data: ['trends'], nav: ['Dispensary', 'Trends'] },
  strainGenetics: {
    module: 'strain-genetics',
    path: '/strain-genetics',
    aliases: ['/genetics'],
    data: ['strains/index'],
    nav: ['Resources', 'strain genetics'],
  },
  strain: { module: 'strain-genetics', path: '/strain-genetics/:genetic', aliases: ['/genetics/:genetic'], snapshot: 'strains/:genetic' },
  resources: { module: 'resources', path: '/resources', data: ['content/resources'], nav: ['Resources', 'resources'] },
  events: { module: 'events', path: '/events', data: ['content/events'], nav: ['Resources', 'events'] },
  otherMaps: { module: 'other-maps', path: '/other-maps', data: ['content/other-maps'], nav: ['Resources', 'other maps'] },
  priceData: { module: 'price-data', path: '/price-data', data: ['open-data'], nav: ['Resources', 'open price data'] },
  yearlyHighlights: { module: 'yearly-highlights', path: '/yearly-highlights', data: ['highlights'], nav: ['Community', 'yearly highlights'] },
  marchMadness: { module: 'march-madness', path: '/march-madness', data: ['content/march-madness-2025'], nav: ['Community', 'March Madness'] },
  social: { module: 'social', path: '/social', aliases: ['/discord', '/reddit'], data: ['content/social'], nav: ['Community', 'social media'] },
  chat: { module: 'chat', path: '/chat', data: ['content/chat'], nav: ['Community', 'chat'] },
  changelog: { module: 'changelog', path: '/change-log', aliases: ['/changelog'], data: ['content/changelog'], nav: ['Site', 'change log'] },
  feedback: { module: 'feedback', path: '/feedback', data: ['content/feedback'], nav: ['Site', 'feedback'] },
  introduction: { module: 'introduction', path: '/introduction', data: ['content/introduction'], footer: 'Introduction' },
  growingTool: { module: 'growing-tool', path: '/growing-tool', footer: 'Growing Tool' },
  companyBrands: { module: 'company-brands', path: '/company-brands', data: ['brands'], footer: 'Company brands' },
  reservation: { module: 'reservation', path: '/Reservation', data: ['content/reservation'], footer: 'Reservation' },
  donations: {
    module: 'donations',
    path: '/donations',
    aliases: ['/donate', '/contribute'],
    data: ['content/donations'],
    nav: ['Community', 'contribute', '/contribute'],
    footer: 'Donations',
  },
  terpenes: { module: 'terpenes', path: '/terpenes', data: ['content/terpenes', 'terpenes/index'], footer: 'Terpenes' },
  // api/terpenes/<slug> is published for every terpene a menu lists and every slug and alias the guide describes.
  terpene: { module: 'terpenes', path: '/terpenes/:terpene', data: ['content/terpenes'], snapshot: 'terpenes/:terpene' },
  product: { module: 'product', path: '/product/:code', snapshot: 'products/:code' },
  signIn: { module: 'signin', path: '/signin', personal: true },
  signUp: { module: 'signup', path: '/signup', personal: true },
  profile: { module: 'profile', path: '/profile', personal: true },
} as const satisfies Record<string, RouteDef>

export type RouteId = keyof typeof routes

/** ROUTES are the screens as a list, in the order above. */
export const ROUTES: readonly (RouteDef & { id: RouteId })[] = (Object.keys(routes) as RouteId[]).map((id) => ({ id, ...routes[id] }))

/** pathsOf are a screen's main path and its aliases. */
export const pathsOf = (route: RouteDef): readonly string[] => [route.path, ...(route.aliases ?? [])]

/** isPrerendered tells whether a screen is written to HTML at build time and listed in the sitemap. */
export const isPrerendered = (route: RouteDef): boolean => !route.personal && !route.path.includes(':')

/** ROUTES_FILE is the file the build writes beside index.html for omc serve (cmd/omc/routes.go reads it). */
export const ROUTES_FILE = 'routes.json'

/**
 * siteRoutesJson is routes.json: every path the app has a screen for, its
 * patterns included, as omc serve matches them (case-insensitively, a ":name"
 * segment matching any one segment, as the router does), the snapshot each
 * page of a pattern shows, when it has one (path → snapshot), and each alias's
 * main path (alias → path: omc serve sends an alias to its main path with a 301
 * when that page has its HTML, where a static host serves the alias's page leading
 * there, scripts/prerender-html.mjs aliasHtml), and the paths of the personal
 * screens (the browser tests, which visit every path, expect no pre-rendered HTML there).
 */
export function siteRoutesJson(): string {
  const snapshots = Object.fromEntries(ROUTES.flatMap((r) => (r.snapshot ? pathsOf(r).map((p) => [p, r.snapshot]) : [])))
  const aliases = Object.fromEntries(ROUTES.flatMap((r) => (r.aliases ?? []).map((alias) => [alias, r.path])))
  const personal = ROUTES.filter((r) => r.personal).flatMap(pathsOf)
  return `${JSON.stringify({ paths: ROUTES.flatMap(pathsOf), snapshots, aliases, personal }, null, 2)}\n`
}
