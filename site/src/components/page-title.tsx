import { env } from '../config/env'

/** pageTitle is "{screen} - {site name}", or the site name alone for the homepage. */
export function pageTitle(screen?: string): string {
  return screen ? `${screen} - ${env.siteName}` : env.siteName
}

/** PageTitle sets the document title; React 19 hoists <title> into <head>. */
export function PageTitle({ screen }: { screen?: string }) {
  return <title>{pageTitle(screen)}</title>
}
