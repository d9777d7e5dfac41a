import { PageTitle } from '../components/page-title'
import { Spinner } from '../components/spinner'
import { MenuSearch } from '../features/shop/components/menus/menu-search'
import { useHydrated } from '../lib/local-store'

/** MenusRoute (/dispensary-menus, /menu): search every monitored menu (the dispensary search). */
export default function MenusRoute() {
  const hydrated = useHydrated()
  return (
    <>
      <PageTitle screen="Menus" />
      <h1>Dispensary Menus</h1>
      <p className="lead">
        What is in stock at Ohio's dispensaries, from their own online menus, by region or by distance. Always check the dispensary's own site for the
        most accurate information before you visit.
      </p>
      {hydrated ? <MenuSearch /> : <Spinner label="Loading the menus search" />}
    </>
  )
}
