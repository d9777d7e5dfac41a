import { NAV_GROUP_TITLES, ROUTES } from '@/config/routes'

/** NavLink is one link of the sidebar or the footer. */
export type NavLink = { label: string; to: string }

/** NavGroup is one titled group of sidebar links. */
export type NavGroup = { title: string; links: readonly NavLink[] }

/** NAV_GROUPS are the sidebar's groups and links: the screens whose route (config/routes.ts) has a nav entry, in its order. */
export const NAV_GROUPS: readonly NavGroup[] = NAV_GROUP_TITLES.map((title) => ({
  title,
  links: ROUTES.flatMap(({ nav, path }) => (nav?.[0] === title ? [{ label: nav[1], to: nav[2] ?? path }] : [])),
}))

/** FOOTER_LINKS reach the screens the sidebar does not list: the routes with a footer entry. */
export const FOOTER_LINKS: readonly NavLink[] = ROUTES.flatMap(({ footer, path }) => (footer ? [{ label: footer, to: path }] : []))
