import { lazy, Suspense, useMemo, useState } from 'react'
import type { Market } from '../api/schemas'
import { useDispensaryStatus } from '../api/use-dispensary-status'
import { FreshnessLegend } from '../components/dispensary-status/freshness-legend'
import type { MapStore } from '../components/maps/dispensary-map'
import styles from '../components/maps/maps-page.module.css'
import { OfflineNotice } from '../components/offline-notice'
import { PageTitle } from '../components/page-title'
import { Spinner } from '../components/spinner'
import { StaleNotice } from '../components/stale-notice'
import { StatusIcon } from '../components/status-icon'
import { env } from '../config/env'
import { storeStatusHref } from '../config/paths'
import { getErrorMessage } from '../lib/get-error-message'
import { distanceMiles, placeStores } from '../lib/map-points'
import { dispensarySlug, storeFacts } from '../lib/status-filter'
import { classifyTiles, parseUpdateTimes } from '../lib/status-summary'
import { useHydrated } from '../lib/use-hydrated'
import { useNow } from '../lib/use-now'

// Leaflet and the clustering plugin: their own chunk, fetched only here, after the page has rendered.
const DispensaryMap = lazy(() => import('../components/maps/dispensary-map'))

const CLOCK_TICK_MS = 60_000
const NEAREST = 5

type NearMe = { state: 'idle' } | { state: 'asking' } | { state: 'found'; lat: number; lng: number } | { state: 'failed'; message: string }

/** DispensaryMapsRoute (/dispensary-maps, /maps) puts every dispensary on a map coloured by menu freshness. */
export function DispensaryMapsRoute() {
  const { data, error, savedAt, publishedAt } = useDispensaryStatus()
  const now = useNow(CLOCK_TICK_MS)
  const nowMinute = Math.floor(now / CLOCK_TICK_MS) * CLOCK_TICK_MS
  const hydrated = useHydrated()
  const [market, setMarket] = useState<Market | ''>('')
  const [monitored, setMonitored] = useState<'yes' | 'no' | ''>('')
  const [nearMe, setNearMe] = useState<NearMe>({ state: 'idle' })

  const updateTimes = useMemo(() => (data ? parseUpdateTimes(data) : undefined), [data])
  const states = useMemo(() => (updateTimes ? classifyTiles(updateTimes, nowMinute) : undefined), [updateTimes, nowMinute])
  const stores = useMemo((): MapStore[] => {
    if (!data || !updateTimes || !states) return []
    const facts = storeFacts(data, updateTimes, states, market)
    const shown = data.flatMap((d, i) =>
      (market && !d.marketStatuses.some((s) => s.market === market)) || (monitored && d.monitored !== (monitored === 'yes')) ? [] : [i],
    )
    return placeStores(data, shown).map((point) => {
      const dispensary = data[point.index]!
      return { point, dispensary, slug: dispensarySlug(dispensary), freshness: facts[point.index]?.best ?? 'missing' }
    })
  }, [data, updateTimes, states, market, monitored])
  const atCityCentre = stores.filter((s) => s.dispensary.coordinates !== 'store').length
  const withoutPosition = data
    ? data.length -
      placeStores(
        data,
        data.map((_, i) => i),
      ).length
    : 0
  const here = useMemo(() => (nearMe.state === 'found' ? { lat: nearMe.lat, lng: nearMe.lng } : null), [nearMe])
  const nearest = useMemo(
    () =>
      here
        ? stores
            .map((s) => ({ ...s, miles: distanceMiles(here, s.point) }))
            .sort((a, b) => a.miles - b.miles)
            .slice(0, NEAREST)
        : [],
    [stores, here],
  )

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setNearMe({ state: 'failed', message: 'This browser cannot tell the map where you are.' })
      return
    }
    setNearMe({ state: 'asking' })
    navigator.geolocation.getCurrentPosition(
      (position) => setNearMe({ state: 'found', lat: position.coords.latitude, lng: position.coords.longitude }),
      (problem) =>
        setNearMe({
          state: 'failed',
          message:
            problem.code === problem.PERMISSION_DENIED
              ? 'Location is blocked for this site, so the map cannot centre on you. Allow it in the browser’s site settings to use “Near me”.'
              : 'Your location could not be found just now. Try again in a moment.',
        }),
      { maximumAge: 600_000, timeout: 15_000 },
    )
  }

  return (
    <>
      <PageTitle screen="Dispensary Maps" />
      <h1>Dispensary Maps</h1>
      <p className={styles.intro}>
        Every dispensary we list, coloured by its freshest menu. Zoom in to split the groups; open a marker for its menus and links.
      </p>
      <FreshnessLegend />
      <form className={`field-stack ${styles.controls}`} aria-label="Map filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          <span>Market</span>
          <select value={market} onChange={(e) => setMarket(e.target.value as Market | '')}>
            <option value="">Both markets</option>
            <option value="recreational">Recreational</option>
            <option value="medical">Medical</option>
          </select>
        </label>
        <label>
          <span>Monitored</span>
          <select value={monitored} onChange={(e) => setMonitored(e.target.value as 'yes' | 'no' | '')}>
            <option value="">All</option>
            <option value="yes">Monitored</option>
            <option value="no">Not Monitored</option>
          </select>
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
      {savedAt !== undefined && <OfflineNotice generatedAt={publishedAt} what="dispensary list" />}
      {error && data && <StaleNotice error={error} what="dispensary list" />}
      {error && !data && (
        <p className="notice notice--error" role="alert">
          An error happened. {getErrorMessage(error)}
        </p>
      )}
      {!data && !error && <Spinner label="Loading the dispensaries" />}
      {data && (
        <>
          <p className={styles.count} role="status">
            {stores.length} {stores.length === 1 ? 'dispensary' : 'dispensaries'} on the map
            {withoutPosition > 0 && `; ${withoutPosition} without a known position are listed on the status page only`}.
          </p>
          {atCityCentre > 0 && (
            <p className={styles.count}>
              {atCityCentre === stores.length ? 'All of them' : `${atCityCentre} of them`} sit at the centre of their city: no source gave us their
              street position yet. Stores sharing a centre are set around it so each can be opened.
            </p>
          )}
          {hydrated ? (
            <Suspense fallback={<Spinner label="Loading the map" />}>
              <DispensaryMap stores={stores} tileUrl={env.mapTileUrl} tileAttribution={env.mapTileAttribution} here={here} nowMs={nowMinute} />
            </Suspense>
          ) : (
            <Spinner label="Loading the map" />
          )}
          {nearest.length > 0 && (
            <section aria-labelledby="nearest-heading" className={styles.nearest}>
              <h2 id="nearest-heading">Nearest to you</h2>
              <ol>
                {nearest.map((s) => (
                  <li key={s.slug}>
                    <StatusIcon state={s.freshness} /> <a href={storeStatusHref(s.slug)}>{s.dispensary.name}</a>, {s.dispensary.location}: about{' '}
                    {s.miles < 10 ? s.miles.toFixed(1) : Math.round(s.miles)} miles
                    {s.point.spread || s.dispensary.coordinates !== 'store' ? ' (to the city centre)' : ''}
                  </li>
                ))}
              </ol>
            </section>
          )}
          <details className={styles.list}>
            <summary>The same stores as a list</summary>
            <ul>
              {stores.map((s) => (
                <li key={s.slug}>
                  <StatusIcon state={s.freshness} /> <a href={storeStatusHref(s.slug)}>{s.dispensary.name}</a>, {s.dispensary.location}
                  {s.dispensary.region ? ` (${s.dispensary.region})` : ''}
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
    </>
  )
}
