import 'leaflet/dist/leaflet.css'
import {
  circleMarker,
  divIcon,
  geoJSON,
  map as createMap,
  marker as createMarker,
  tileLayer,
  type DivIcon,
  type LatLngBoundsExpression,
  type Map as LeafletMap,
  type Marker,
  type Popup,
} from 'leaflet'
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import Supercluster from 'supercluster'
import { useOhioShapes } from '@/features/explore/api/use-ohio-shapes'
import { FRESHNESS_RANK, FRESHNESS_STATES, type Freshness } from '@/lib/freshness'
import { OHIO, type MapStore } from '@/features/explore/lib/map-points'
import styles from './dispensary-map.module.css'
import { StorePopup } from './store-popup'

// The first view, whatever the size of the screen: Ohio's one bounding box (map-points.ts),
// the same that decides which positions are in Ohio.
const OHIO_BOUNDS: LatLngBoundsExpression = [
  [OHIO.south, OHIO.west],
  [OHIO.north, OHIO.east],
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

type StoreProps = { k: number; rank: number }
type View = { bbox: [number, number, number, number]; zoom: number }

function viewOf(map: LeafletMap): View {
  // A margin around the visible area: markers just off screen are ready when panning.
  const b = map.getBounds().pad(0.25)
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() }
}

/** Drawn is a marker on the map, with what it was drawn from: a marker whose look changed is drawn anew. */
type Drawn = { marker: Marker; look: string }
/** OpenPopup is the store whose popup is open, and the popup's element React renders it into. */
type OpenPopup = { slug: string; content: HTMLElement; popup: Popup }

/**
 * ClusteredMarkers draws the stores in view, grouped by supercluster when they
 * would overlap: a cluster marker shows the count and zooms in when opened; a
 * store marker opens its popup. Markers are kept by key between views, as
 * React keeps keyed elements, so a marker that stays in view keeps its open
 * popup while the map pans.
 */
function ClusteredMarkers({
  map,
  stores,
  nowMs,
  hoursUnknown,
}: {
  map: LeafletMap
  stores: readonly MapStore[]
  nowMs: number
  hoursUnknown: boolean
}) {
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
  useEffect(() => {
    const onMoveEnd = () => setView(viewOf(map))
    map.on('moveend', onMoveEnd)
    return () => {
      map.off('moveend', onMoveEnd)
    }
  }, [map])
  const features = useMemo(() => index.getClusters(view.bbox, Math.round(view.zoom)), [index, view])
  const [open, setOpen] = useState<OpenPopup | null>(null)
  const drawn = useRef(new Map<string, Drawn>())

  useEffect(() => {
    const markers = drawn.current
    return () => {
      for (const { marker } of markers.values()) marker.remove()
      markers.clear()
    }
  }, [map])

  useEffect(() => {
    const wanted = new Set<string>()
    for (const f of features) {
      const [lng, lat] = f.geometry.coordinates as [number, number]
      let key: string
      let look: string
      let make: () => Marker
      if ('cluster' in f.properties && f.properties.cluster) {
        const { cluster_id: id, point_count: count, rank } = f.properties
        const best = FRESHNESS_STATES[rank] ?? 'missing'
        const zoom = index.getClusterExpansionZoom(id)
        key = `cluster-${id}`
        look = `${lat},${lng}|${count}|${best}|${hoursUnknown}|${zoom}`
        make = () =>
          createMarker([lat, lng], {
            icon: clusterIcon(count, best, hoursUnknown),
            title: `${count} dispensaries${hoursUnknown ? ' with unknown hours' : ''} here: zoom in`,
          }).on('click', () => map.setView([lat, lng], zoom))
      } else {
        const store = stores[(f.properties as StoreProps).k]
        if (!store) continue
        const { point, dispensary, slug, freshness } = store
        const title = `${dispensary.name}: ${store.licensedNoMenu ? 'licensed, no menu known' : `menu ${freshness}`}${store.hoursUnknown ? ', hours unknown' : ''}`
        const icon = markerIcon(store)
        key = slug
        look = `${point.lat},${point.lng}|${title}|${icon.options.className}`
        make = () => {
          const content = document.createElement('div')
          const marker = createMarker([point.lat, point.lng], { icon, title, alt: dispensary.name }).bindPopup(content)
          // Leaflet opens the popup; React renders the store into it (see the portal below).
          marker.on('popupopen', (e) => setOpen({ slug, content, popup: e.popup }))
          marker.on('popupclose', () => setOpen((was) => (was?.content === content ? null : was)))
          return marker
        }
      }
      wanted.add(key)
      const had = drawn.current.get(key)
      if (had?.look === look) continue
      had?.marker.remove()
      drawn.current.set(key, { marker: make().addTo(map), look })
    }
    for (const [key, { marker }] of drawn.current) {
      if (wanted.has(key)) continue
      marker.remove()
      drawn.current.delete(key)
    }
  }, [map, index, features, stores, hoursUnknown])

  const openStore = open && stores.find((s) => s.slug === open.slug)
  // Leaflet sized and placed the popup while it was empty: once React has filled it, fit it again.
  useLayoutEffect(() => {
    open?.popup.update()
  }, [open, openStore])
  if (!open || !openStore) return null
  return createPortal(
    <StorePopup dispensary={openStore.dispensary} slug={openStore.slug} spread={openStore.point.spread} nowMs={nowMs} />,
    open.content,
  )
}

/**
 * DispensaryMap is Leaflet, driven from React through its own API (react-leaflet
 * cost 1.5 kB more of the map's 60 kB budget for the few layers drawn here),
 * with the stores clustered by supercluster (a few kB, where
 * leaflet.markercluster would take the map over that budget). It is loaded
 * only by the maps screen, after the page has rendered: Leaflet needs a browser.
 */
export default function DispensaryMap({ stores, tileUrl, tileAttribution, here, nowMs }: DispensaryMapProps) {
  const { data: ohio } = useOhioShapes()
  const known = useMemo(() => stores.filter((s) => !s.hoursUnknown), [stores])
  const unknown = useMemo(() => stores.filter((s) => s.hoursUnknown), [stores])
  const container = useRef<HTMLDivElement>(null)
  const [map, setMap] = useState<LeafletMap | null>(null)

  useEffect(() => {
    if (!container.current) return
    const created = createMap(container.current, { scrollWheelZoom: false }).fitBounds(OHIO_BOUNDS)
    setMap(created)
    return () => {
      created.remove()
      setMap(null)
    }
  }, [])

  useEffect(() => {
    if (!map || !tileUrl) return
    const tiles = tileLayer(tileUrl, { attribution: tileAttribution }).addTo(map)
    return () => {
      tiles.remove()
    }
  }, [map, tileUrl, tileAttribution])

  useEffect(() => {
    if (!map || !ohio) return
    const outline = geoJSON(ohio.outline as unknown as GeoJSON.Feature, {
      style: { className: styles.outline },
      attribution: 'Ohio and county lines: U.S. Census Bureau',
    }).addTo(map)
    const counties = geoJSON(ohio.countyLines as unknown as GeoJSON.Feature, { style: { className: styles.counties } }).addTo(map)
    return () => {
      outline.remove()
      counties.remove()
    }
  }, [map, ohio])

  useEffect(() => {
    if (!map || !here) return
    const mark = circleMarker([here.lat, here.lng], { radius: 8, className: styles.here }).bindPopup('You are here').addTo(map)
    map.setView([here.lat, here.lng], NEAR_ME_ZOOM)
    return () => {
      mark.remove()
    }
  }, [map, here])

  // Leaflet owns the container's children; React draws the markers through Leaflet, beside it.
  return (
    <>
      <div ref={container} className={styles.map} aria-label="Map of Ohio's dispensaries" />
      {map && (
        <>
          {/* Under "Open now", stores with unknown hours cluster apart: a group never mixes the two. */}
          <ClusteredMarkers map={map} stores={known} nowMs={nowMs} hoursUnknown={false} />
          {unknown.length > 0 && <ClusteredMarkers map={map} stores={unknown} nowMs={nowMs} hoursUnknown />}
        </>
      )}
    </>
  )
}
