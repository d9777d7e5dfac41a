import { Link, useParams } from 'react-router-dom'
import { HttpError } from '../api/errors'
import { PageTitle } from '../components/page-title'
import { SampleNotice } from '../components/sample-notice'
import { SnapshotView } from '../components/snapshot-view'
import { routes } from '../config/routes'
import { useStrain, useStrains } from '../features/explore/api/use-explore'
import styles from '../features/explore/components/explore.module.css'
import { StrainFacts } from '../features/explore/components/strains/strain-facts'
import { StrainIndex } from '../features/explore/components/strains/strain-index'
import { StrainOffers } from '../features/explore/components/strains/strain-offers'
import { CURRENT_UNDER_HOURS, STALE_UNDER_HOURS } from '../lib/freshness'

/**
 * StrainGeneticsRoute (/strain-genetics, /genetics and their /:genetic pages):
 * the index of strains seen on Ohio menus, or one strain's page.
 */
export default function StrainGeneticsRoute() {
  const { genetic } = useParams()
  return genetic ? <StrainPage slug={genetic} key={genetic} /> : <StrainIndexPage />
}

function StrainIndexPage() {
  const response = useStrains()
  return (
    <>
      <PageTitle screen="Strain Genetics" />
      <h1>Strain Genetics</h1>
      <p className="intro">
        Every strain we have seen on an Ohio menu, with its type, its parents where an openly licensed source gives them, and how many dispensaries
        have it in stock now. Open a strain for its lineage, THC range, terpenes and prices.
      </p>
      <SnapshotView response={response} what="strains">
        {(data) => (
          <>
            <SampleNotice sample={data.sample} />
            {data.strains.length === 0 ? (
              <p className="empty-state">No strain has been seen on a menu yet: they appear after the first menus are read.</p>
            ) : (
              <StrainIndex strains={data.strains} />
            )}
          </>
        )}
      </SnapshotView>
    </>
  )
}

function StrainPage({ slug }: { slug: string }) {
  const response = useStrain(slug)
  const name = response.data?.name
  if (response.error instanceof HttpError && response.error.status === 404 && !response.data) {
    return (
      <>
        <PageTitle screen="Strain Not Found" />
        <h1>Strain not found</h1>
        <p>
          No strain “{slug}” has been seen on an Ohio menu. <Link to={routes.strainGenetics.path}>Search all strains</Link>.
        </p>
      </>
    )
  }
  return (
    <>
      <PageTitle screen={name ? `${name} - Strain Genetics` : 'Strain Genetics'} />
      <p>
        <Link to={routes.strainGenetics.path}>All strains</Link>
      </p>
      <h1>{name ?? 'Strain'}</h1>
      <SnapshotView response={response} what="strain">
        {(strain) => (
          <>
            <SampleNotice sample={strain.sample} />
            <StrainFacts strain={strain} />
            <section className={styles.section} aria-labelledby="in-stock-heading">
              <h2 id="in-stock-heading">Where it is listed</h2>
              {strain.offers.length === 0 ? (
                <p className="empty-state">No up-to-date menu has {strain.name} in stock right now.</p>
              ) : (
                <>
                  <p>
                    In stock on menus read in the last {STALE_UNDER_HOURS} hours, each product at its cheapest store; each row says how old its menu
                    is. The strain list’s “stores now” counts only menus read in the last {CURRENT_UNDER_HOURS} hours.
                  </p>
                  <StrainOffers strain={strain} />
                </>
              )}
            </section>
          </>
        )}
      </SnapshotView>
    </>
  )
}
