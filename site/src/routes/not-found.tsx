import { BlankLayout } from '../components/blank-layout'
import { NotFoundScreen } from '../components/not-found-screen'

/** NotFoundRoute is every path the site has no screen for, in the blank layout. */
export function NotFoundRoute() {
  return (
    <BlankLayout>
      <NotFoundScreen />
    </BlankLayout>
  )
}
