import { Link } from 'react-router-dom'
import { useContent } from '../features/content/api/use-content'
import { ContentHtml } from '../components/content-html'
import { PageTitle } from '../components/page-title'
import { SnapshotView } from '../components/snapshot-view'
import { routes } from '../config/routes'

/**
 * ReservationRoute (/Reservation). The site is static and has no link to any
 * dispensary's order system, so it cannot take a reservation itself; the page
 * says so and shows how to reserve with the dispensary (data/content/reservation.md).
 */
export default function ReservationRoute() {
  const response = useContent('content/reservation')
  return (
    <>
      <PageTitle screen="Reservation" />
      <h1>Reservation</h1>
      <p className="lead">
        Reserve with the dispensary itself: this site cannot place or hold an order for you. Check which menus are up to date on the{' '}
        <Link to={routes.dispensaryStatus.path}>dispensary status</Link> page first.
      </p>
      <SnapshotView response={response} what="reservation guide">
        {(page) => <ContentHtml html={page.html} />}
      </SnapshotView>
    </>
  )
}
