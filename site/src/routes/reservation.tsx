import { Link } from 'react-router-dom'
import { routes } from '../config/routes'
import { ContentPage } from '../features/content/components/content-page'

/**
 * ReservationRoute (/Reservation). The site is static and has no link to any
 * dispensary's order system, so it cannot take a reservation itself; the page
 * says so and shows how to reserve with the dispensary (data/content/reservation.md).
 */
export default function ReservationRoute() {
  const lead = (
    <>
      Reserve with the dispensary itself: this site cannot place or hold an order for you. Check which menus are up to date on the{' '}
      <Link to={routes.dispensaryStatus.path}>dispensary status</Link> page first.
    </>
  )
  return <ContentPage name="content/reservation" title="Reservation" what="reservation guide" lead={lead} />
}
