/**
 * paths holds every URL the app links to, so a renamed route changes in one place.
 * Routes that later issues add (feedback, discord) are linked already: the spec fixes their URLs.
 */
export const paths = {
  home: { path: '/', href: () => '/' },
  homeAlias: { path: '/home', href: () => '/home' },
  dispensaryStatus: { path: '/dispensary-status', href: () => '/dispensary-status' },
  feedback: { path: '/feedback', href: () => '/feedback' },
  discord: { path: '/discord', href: () => '/discord' },
} as const
