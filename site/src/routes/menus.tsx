import { AfterHydration } from '../components/after-hydration'
import { PageTitle } from '../components/page-title'
import { MenuSearch } from '../features/shop/components/menus/menu-search'

/** MenusRoute (/dispensary-menus, /menu): search every monitored menu (the dispensary search). */
export default function MenusRoute() {
  return (
    <>
      <PageTitle screen="Menus" />
      <h1>Dispensary Menus</h1>
      <p className="lead">
        What is in stock at Ohio's dispensaries, from their own online menus, by region or by distance. Always check the dispensary's own site for the
        most accurate information before you visit.
      </p>
      <AfterHydration loading="Loading the menus search">
        <MenuSearch />
      </AfterHydration>
    </>
  )
}
