import { useParams } from 'react-router-dom'
import { AfterHydration } from '../components/after-hydration'
import { StorePage } from '../features/store/components/store-page'

/** StoreRoute (/dispensary-menus/:store, /menu/:store): one dispensary, its menus' freshness and every offer, searchable. */
export default function StoreRoute() {
  const { store = '' } = useParams()
  return (
    <AfterHydration loading="Loading the store’s menu" withPageData>
      <StorePage slug={store} />
    </AfterHydration>
  )
}
