import { Navigate, useSearchParams } from 'react-router-dom'
import { AfterHydration } from '../components/after-hydration'
import { storeMenuHref } from '../config/paths'
import { PageTitle } from '../components/page-title'
import { MenuSearch } from '../features/menus/components/menu-search'

/** MenusRoute (/dispensary-menus, /menu): search every monitored menu (the dispensary search). */
export default function MenusRoute() {
  // Old links to one store's menu (?store=<slug>) open its page.
  const [params] = useSearchParams()
  const store = params.get('store')
  if (store) return <Navigate replace to={storeMenuHref(store)} />
  return (
    <>
      <PageTitle screen="Menus" />
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
