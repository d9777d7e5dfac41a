import { useMemo, useState } from 'react'
import { useDispensaryStatus } from '../api/dispensary-status'
import { FreshnessLegend } from '../components/freshness-legend'
import { PageTitle } from '../components/page-title'
import { MARKET_CHOICES, MONITORED_CHOICES, SelectField } from '../components/select-field'
import { SnapshotView } from '../components/snapshot-view'
import styles from '../features/explore/components/maps/maps-page.module.css'
import { MapsView } from '../features/explore/components/maps/maps-view'
import type { MapFilters } from '../features/explore/lib/map-stores'
import { useNearMe } from '../features/explore/lib/use-near-me'
import { useMinute } from '../lib/use-now'

/** DispensaryMapsRoute (/dispensary-maps, /maps) puts every dispensary on a map coloured by menu freshness. */
export default function DispensaryMapsRoute() {
  const response = useDispensaryStatus()
  const nowMs = useMinute()
  const [filters, setFilters] = useState<MapFilters>({ market: '', monitored: '', openNow: false })
  const [nearMe, locate] = useNearMe()
  const here = useMemo(() => (nearMe.state === 'found' ? { lat: nearMe.lat, lng: nearMe.lng } : null), [nearMe])
  return (
    <>
      <PageTitle screen="Dispensary Maps" />
      <h1>Dispensary Maps</h1>
      <p className="intro">
        Every dispensary we list, coloured by its freshest menu. Zoom in to split the groups; open a marker for its menus and links.
      </p>
      <FreshnessLegend />
      <form className={`field-stack ${styles.controls}`} aria-label="Map filters" onSubmit={(e) => e.preventDefault()}>
        <SelectField label="Market" value={filters.market} choices={MARKET_CHOICES} onChange={(market) => setFilters({ ...filters, market })} />
        <SelectField
          label="Monitored"
          value={filters.monitored}
          choices={MONITORED_CHOICES}
          onChange={(monitored) => setFilters({ ...filters, monitored })}
        />
        <label className={styles.check}>
          <input type="checkbox" checked={filters.openNow} onChange={(e) => setFilters({ ...filters, openNow: e.target.checked })} />
          Open now
        </label>
        <button type="button" className="button" onClick={locate} disabled={nearMe.state === 'asking'}>
          {nearMe.state === 'asking' ? 'Finding you…' : 'Near me'}
        </button>
      </form>
      {nearMe.state === 'failed' && (
        <p className="notice notice--warning" role="alert">
          {nearMe.message}
        </p>
      )}
      <SnapshotView response={response} what="dispensary list" loading="Loading the dispensaries" failed="An error happened." shapeInPlace>
        {(data) => <MapsView data={data} filters={filters} here={here} nowMs={nowMs} />}
      </SnapshotView>
    </>
  )
}
