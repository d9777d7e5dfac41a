import { routerBasename, withBase, withoutBase } from './base-path'

// The path this build is served under (config/base-path.ts), as Vite wrote it into the
// code: "/" at the root of the host, "/omc/" under a sub-path.

/** BASE_PATH is where the site lives on its host, with a trailing slash. */
export const BASE_PATH: string = import.meta.env.BASE_URL

/** ROUTER_BASENAME is React Router's basename: the router's paths ("/events") are under it. */
export const ROUTER_BASENAME = routerBasename(BASE_PATH)

/** sitePath is an app path ("/events") as served ("/omc/events"), for URLs built by hand (not the router's links). */
export const sitePath = (path: string): string => withBase(BASE_PATH, path)

/** appPath is the app path of a served URL path ("/omc/events" gives "/events"), as the route list names it. */
export const appPath = (pathname: string): string => withoutBase(BASE_PATH, pathname)
