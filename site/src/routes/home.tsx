import { Link } from 'react-router-dom'
import { useAnnouncements } from '../features/home/api/use-home'
import { AnnouncementList } from '../features/home/components/announcement-list'
import { PageTitle } from '../components/page-title'
import { StatisticsSection } from '../features/home/components/statistics-section'
import { env } from '../config/env'
import { routes } from '../config/routes'
import styles from './home.module.css'

// Announcements are extras: if they cannot be loaded the page simply goes
// without them (the statistics block reports its own failures).
function Announcements() {
  const { data } = useAnnouncements()
  return data ? <AnnouncementList announcements={data} /> : null
}

/** HomeRoute is the homepage (/ and /home): announcements, a welcome and the statistics block. */
export default function HomeRoute() {
  return (
    <>
      <PageTitle />
      <Announcements />
      <p className={`notice notice--info ${styles.menuHint}`}>
        On a small screen, use the menu icon at the top left to reach every page of the site.
      </p>
      <section className={`card ${styles.intro}`} aria-labelledby="welcome-heading">
        <h1 id="welcome-heading">Welcome to the {env.siteName}</h1>
        <p>
          Menus, deals and menu freshness for Ohio's medical and recreational cannabis shoppers, gathered from the dispensaries' own online menus. The{' '}
          <Link to={routes.dispensaryStatus.path}>dispensary status</Link> page shows how recent each menu is.
        </p>
        <p className={styles.important}>Always check the dispensary's own site for the most accurate information before you visit.</p>
        <p>
          Missing a dispensary or an event, or spotted something wrong? <Link to={routes.feedback.path}>Send us feedback</Link>.
        </p>
        {env.merchUrl && (
          <p>
            Like the community? Wear it:{' '}
            <a href={env.merchUrl} rel="noopener noreferrer">
              visit our merchandise shop
            </a>
            .
          </p>
        )}
      </section>
      <StatisticsSection />
    </>
  )
}
