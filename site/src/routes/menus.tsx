import { useEffect } from 'react'
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { AfterHydration } from '../components/after-hydration'
import { NotFoundScreen } from '../components/not-found-screen'
import { storeMenuHref } from '../config/paths'
import { PageTitle } from '../components/page-title'
import { MenuSearch } from '../features/menus/components/menu-search'
import { queryRegionView, regionViewLocation, regionViewOf } from '../features/offers/lib/menus-location'
import { SAME_SCREEN } from '../lib/same-screen'

/**
 * MenusRoute (/dispensary-menus, /menu, and a region's view, /dispensary-menus/central/flower):
 * search every monitored menu (the dispensary search).
 */
export default function MenusRoute() {
  const [params] = useSearchParams()
  const { region, type } = useParams()
  const navigate = useNavigate()
  const inPath = region !== undefined || type !== undefined
  const view = inPath ? regionViewOf({ region, type }) : queryRegionView(params)
  // A link naming one region's search in its query (from before the views had paths) moves
  // to that view's path: the page pre-rendered for it, and the address the site shares. It
  // moves once the screen is there, the same screen: the build's Menus page, which the app
  // hydrates whatever the query, must first be rendered as it is (React error 418 otherwise).
  const store = params.get('store')
  const moveTo = !store && !inPath && view ? regionViewLocation(view, params) : null
  const to = moveTo && moveTo.pathname + moveTo.search
  useEffect(() => {
    if (to) void navigate(to, { replace: true, state: SAME_SCREEN })
  }, [to, navigate])
  // Old links to one store's menu (?store=<slug>) open its page.
  if (store) return <Navigate replace to={storeMenuHref(store)} />
  // A region view's path naming no region or product type is no page.
  if (inPath && !view) return <NotFoundScreen />
  return (
    <>
      <PageTitle screen={view ? `Menus: ${view.productType} in ${view.region} Ohio` : 'Menus'} />
      <h1>Dispensary Menus</h1>
      <p className="lead">
        What is in stock at Ohio's dispensaries, from their own online menus, by region or by distance. Always check the dispensary's own site for the
        most accurate information before you visit.
      </p>
      <AfterHydration loading="Loading the menus search" withPageData>
        <MenuSearch />
      </AfterHydration>
    </>
  )
}
