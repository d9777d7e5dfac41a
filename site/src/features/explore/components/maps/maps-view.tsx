import { lazy, Suspense, useMemo } from 'react'
import type { DispensaryStatus } from '@/api/dispensary-status'
import { AfterHydration } from '@/components/after-hydration'
import { Spinner } from '@/components/spinner'
import { OpenNow } from '@/components/store-listing-lines'
import { StatusIcon } from '@/components/status-icon'
import { env } from '@/config/env'
import { storeStatusHref } from '@/config/paths'
import { sitePath } from '@/config/site-base'
import { classifyTiles, parseUpdateTimes } from '@/lib/status-summary'
import { placeStores } from '@/features/explore/lib/map-points'
import type { MapStore } from '@/features/explore/lib/map-points'
import { mapStores, nearestStores, type MapFilters } from '@/features/explore/lib/map-stores'
import { MapLegend } from './map-legend'
import styles from './maps-page.module.css'

// Leaflet and the clustering plugin: their own chunk, fetched only here, after the page has rendered.
const DispensaryMap = lazy(() => import('./dispensary-map'))

const NEAREST = 5

type Props = { data: readonly DispensaryStatus[]; filters: MapFilters; here: { lat: number; lng: number } | null; nowMs: number }

/** MapsView puts the dispensaries the filters keep on the map, lists the nearest to the visitor and all of them as a list. */
export function MapsView({ data, filters, here, nowMs }: Props) {
  const updateTimes = useMemo(() => parseUpdateTimes(data), [data])
  const states = useMemo(() => classifyTiles(updateTimes, nowMs), [updateTimes, nowMs])
  const { market, monitored, openNow } = filters
  const stores = useMemo(
    () => mapStores(data, updateTimes, states, { market, monitored, openNow }, nowMs),
    [data, updateTimes, states, market, monitored, openNow, nowMs],
  )
  const unknownHours = stores.filter((s) => s.hoursUnknown)
  const withoutPosition = useMemo(
    () =>
      data.length -
      placeStores(
        data,
        data.map((_, i) => i),
      ).length,
    [data],
  )
  const nearest = useMemo(() => (here ? nearestStores(stores, here, NEAREST) : []), [stores, here])
  const atCityCentre = stores.filter((s) => s.dispensary.coordinates !== 'store').length
  return (
    <>
      <MapLegend openNow={openNow} />
      <p className={styles.count} role="status">
        {openNow
          ? `${stores.length - unknownHours.length} open now and ${unknownHours.length} whose hours are unknown on the map`
          : `${stores.length} ${stores.length === 1 ? 'dispensary' : 'dispensaries'} on the map`}
        {withoutPosition > 0 && `; ${withoutPosition} without a known position are listed on the status page only`}.
      </p>
      {atCityCentre > 0 && (
        <p className={styles.count}>
          {atCityCentre === stores.length ? 'All of them' : `${atCityCentre} of them`} sit at the centre of their city: no source gave us their street
          position yet. Stores sharing a centre are set around it so each can be opened.
        </p>
      )}
      <AfterHydration loading="Loading the map">
        <Suspense fallback={<Spinner label="Loading the map" />}>
          <DispensaryMap stores={stores} tileUrl={env.mapTileUrl} tileAttribution={env.mapTileAttribution} here={here} nowMs={nowMs} />
        </Suspense>
      </AfterHydration>
      {nearest.length > 0 && (
        <section aria-labelledby="nearest-heading" className={styles.nearest}>
          <h2 id="nearest-heading">Nearest to you</h2>
          <ol>
            {nearest.map((s) => (
              <li key={s.slug}>
                <StatusIcon state={s.freshness} /> <a href={sitePath(storeStatusHref(s.slug))}>{s.dispensary.name}</a>, {s.dispensary.location}: about{' '}
                {s.miles < 10 ? s.miles.toFixed(1) : Math.round(s.miles)} miles
                {s.dispensary.coordinates !== 'store' ? ' (to the city centre)' : ''}
              </li>
            ))}
          </ol>
        </section>
      )}
      <details className={styles.list}>
        <summary>The same stores as a list</summary>
        {openNow ? (
          <>
            <h2 className={styles.listHeading}>Open now</h2>
            <StoreList stores={stores.filter((s) => !s.hoursUnknown)} nowMs={nowMs} />
            <h2 className={styles.listHeading}>Hours unknown</h2>
            <StoreList stores={unknownHours} nowMs={nowMs} />
          </>
        ) : (
          <StoreList stores={stores} nowMs={nowMs} />
        )}
      </details>
    </>
  )
}

/** StoreList lists stores of the map for keyboards and screen readers: freshness, name, place and open now. */
function StoreList({ stores, nowMs }: { stores: readonly MapStore[]; nowMs: number }) {
  if (stores.length === 0) return <p>None.</p>
  return (
    <ul>
      {stores.map((s) => (
        <li key={s.slug}>
          <StatusIcon state={s.freshness} /> <a href={sitePath(storeStatusHref(s.slug))}>{s.dispensary.name}</a>, {s.dispensary.location}
          {s.dispensary.region ? ` (${s.dispensary.region})` : ''}
          {s.licensedNoMenu && ', licensed, no menu known'} · <OpenNow hours={s.dispensary.openingHours} nowMs={nowMs} />
        </li>
      ))}
    </ul>
  )
}
