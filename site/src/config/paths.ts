import { routes } from './routes'

// Links built from the route list (config/routes.ts), so a renamed path changes in one place.

/** discordPath is where the error screen sends visitors to report a problem (an alias of the social page). */
export const discordPath = '/discord'

/** strainHref is a strain's page. */
export const strainHref = (slug: string) => `${routes.strainGenetics.path}/${encodeURIComponent(slug)}`

/** terpeneHref is a terpene's page. */
export const terpeneHref = (slug: string) => `${routes.terpenes.path}/${encodeURIComponent(slug)}`

/** storeMenuHref is a dispensary's page: its menus, searchable like the Menus search. */
export const storeMenuHref = (slug: string) => `${routes.menus.path}/${encodeURIComponent(slug)}`

/** storeStatusHref is a dispensary's card on the status page. */
export const storeStatusHref = (slug: string) => `${routes.dispensaryStatus.path}#${encodeURIComponent(slug)}`

/** productHref is the page of the product with this code. */
export const productHref = (code: string) => `/product/${encodeURIComponent(code)}`
