import 'leaflet/dist/leaflet.css'
import { divIcon, type DivIcon, type LatLngBoundsExpression, type Map as LeafletMap } from 'leaflet'
import { useEffect, useMemo, useState } from 'react'
import { CircleMarker, GeoJSON, MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet'
import Supercluster from 'supercluster'
import { useOhioShapes } from '../../api/use-ohio-shapes'
import { FRESHNESS_RANK, FRESHNESS_STATES, type Freshness } from '../../../../lib/freshness'
import type { MapStore } from '../../lib/map-points'
import styles from './dispensary-map.module.css'
import { StorePopup } from './store-popup'

// Ohio's bounding box: the first view, whatever the size of the screen.
const OHIO_BOUNDS: LatLngBoundsExpression = [
  [38.4, -84.82],
  [41.98, -80.52],
]
const NEAR_ME_ZOOM = 11

// A mark inside each marker besides its colour (check, exclamation, cross), as on the status tiles;
// a store the state licenses that has no menu we read is a square with an "L".
const MARKS: Record<Freshness, string> = { current: '✓', stale: '!', missing: '✕' }
const LICENSED_MARK = 'L'

const icons = new Map<string, DivIcon>()

/** markerIcon is a store's marker: its freshness or "licensed, no menu", dashed when its hours are unknown under "Open now". */
function markerIcon({ freshness, licensedNoMenu, hoursUnknown }: MapStore): DivIcon {
  const key = `${licensedNoMenu ? 'licensed' : freshness}|${hoursUnknown}`
  let icon = icons.get(key)
  if (!icon) {
    const look = licensedNoMenu ? `${styles.licensed}` : `${styles.marker} ${styles[freshness]}`
    icon = divIcon({
      className: `${look} ${hoursUnknown ? styles.hoursUnknown : ''}`,
      html: `<span aria-hidden="true">${licensedNoMenu ? LICENSED_MARK : MARKS[freshness]}</span>`,
      iconSize: [22, 22],
      iconAnchor: [11, 11],
      popupAnchor: [0, -10],
    })
    icons.set(key, icon)
  }
  return icon
}

// A cluster shows how many stores it holds, coloured by the freshest menu among them.
function clusterIcon(count: number, best: Freshness, hoursUnknown: boolean): DivIcon {
  const size = count < 10 ? 30 : count < 100 ? 36 : 44
  return divIcon({
    className: `${styles.cluster} ${styles[best]} ${hoursUnknown ? styles.hoursUnknown : ''}`,
    html: `<span aria-hidden="true">${count}</span>`,
    iconSize: [size, size],
  })
}

export type DispensaryMapProps = {
  stores: readonly MapStore[]
  /** tileUrl is the tile template; '' draws Ohio's outline and counties only. */
  tileUrl: string
  tileAttribution: string
  /** here is the visitor's position once they asked for "near me". */
  here: { lat: number; lng: number } | null
  /** nowMs is the time the popups' ages are counted to. */
  nowMs: number
}

function FlyTo({ here }: { here: DispensaryMapProps['here'] }) {
  const map = useMap()
  useEffect(() => {
    if (here) map.setView([here.lat, here.lng], NEAR_ME_ZOOM)
  }, [map, here])
  return null
}

type StoreProps = { k: number; rank: number }
type View = { bbox: [number, number, number, number]; zoom: number }

function viewOf(map: LeafletMap): View {
  // A margin around the visible area: markers just off screen are ready when panning.
  const b = map.getBounds().pad(0.25)
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() }
}

/**
 * ClusteredMarkers draws the stores in view, grouped by supercluster when they
 * would overlap: a cluster marker shows the count and zooms in when opened; a
 * store marker opens its popup.
 */
function ClusteredMarkers({ stores, nowMs, hoursUnknown }: { stores: readonly MapStore[]; nowMs: number; hoursUnknown: boolean }) {
  const map = useMap()
  const index = useMemo(() => {
    const clusters = new Supercluster<StoreProps, { rank: number }>({
      radius: 48,
      maxZoom: 16,
      map: (p) => ({ rank: p.rank }),
      reduce: (acc, p) => {
        acc.rank = Math.min(acc.rank, p.rank)
      },
    })
    clusters.load(
      stores.map((s, k) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [s.point.lng, s.point.lat] },
        properties: { k, rank: FRESHNESS_RANK[s.freshness] },
      })),
    )
    return clusters
  }, [stores])
  const [view, setView] = useState(() => viewOf(map))
  useMapEvents({ moveend: () => setView(viewOf(map)) })
  const features = useMemo(() => index.getClusters(view.bbox, Math.round(view.zoom)), [index, view])

  return features.map((f) => {
    const [lng, lat] = f.geometry.coordinates as [number, number]
    if ('cluster' in f.properties && f.properties.cluster) {
      const { cluster_id: id, point_count: count, rank } = f.properties
      return (
        <Marker
          key={`cluster-${id}`}
          position={[lat, lng]}
          icon={clusterIcon(count, FRESHNESS_STATES[rank] ?? 'missing', hoursUnknown)}
          title={`${count} dispensaries${hoursUnknown ? ' with unknown hours' : ''} here: zoom in`}
          eventHandlers={{ click: () => map.setView([lat, lng], index.getClusterExpansionZoom(id)) }}
        />
      )
    }
    const store = stores[(f.properties as StoreProps).k]
    if (!store) return null
    const { point, dispensary, slug, freshness } = store
    return (
      <Marker
        key={slug}
        position={[point.lat, point.lng]}
        icon={markerIcon(store)}
        title={`${dispensary.name}: ${store.licensedNoMenu ? 'licensed, no menu known' : `menu ${freshness}`}${store.hoursUnknown ? ', hours unknown' : ''}`}
        alt={dispensary.name}
      >
        <Popup>
          <StorePopup dispensary={dispensary} slug={slug} spread={point.spread} nowMs={nowMs} />
        </Popup>
      </Marker>
    )
  })
}

/**
 * DispensaryMap is Leaflet (through react-leaflet) with the stores clustered
 * by supercluster (a few kB, where leaflet.markercluster would take the map
 * over its 60 kB budget). It is loaded only by the maps screen, after the
 * page has rendered: Leaflet needs a browser.
 */
export default function DispensaryMap({ stores, tileUrl, tileAttribution, here, nowMs }: DispensaryMapProps) {
  const { data: ohio } = useOhioShapes()
  const known = useMemo(() => stores.filter((s) => !s.hoursUnknown), [stores])
  const unknown = useMemo(() => stores.filter((s) => s.hoursUnknown), [stores])
  return (
    <MapContainer bounds={OHIO_BOUNDS} className={styles.map} scrollWheelZoom={false} aria-label="Map of Ohio's dispensaries">
      {tileUrl && <TileLayer url={tileUrl} attribution={tileAttribution} />}
      {ohio && (
        <>
          <GeoJSON
            data={ohio.outline as unknown as GeoJSON.Feature}
            style={{ className: styles.outline }}
            attribution="Ohio and county lines: U.S. Census Bureau"
          />
          <GeoJSON data={ohio.countyLines as unknown as GeoJSON.Feature} style={{ className: styles.counties }} />
        </>
      )}
      {/* Under "Open now", stores with unknown hours cluster apart: a group never mixes the two. */}
      <ClusteredMarkers stores={known} nowMs={nowMs} hoursUnknown={false} />
      {unknown.length > 0 && <ClusteredMarkers stores={unknown} nowMs={nowMs} hoursUnknown />}
      {here && (
        <CircleMarker center={[here.lat, here.lng]} radius={8} pathOptions={{ className: styles.here }}>
          <Popup>You are here</Popup>
        </CircleMarker>
      )}
      <FlyTo here={here} />
    </MapContainer>
  )
}
