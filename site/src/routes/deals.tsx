import { useSearchParams } from 'react-router-dom'
import { AfterHydration } from '../components/after-hydration'
import { PageTitle } from '../components/page-title'
import { SampleNotice } from '../components/sample-notice'
import { SnapshotView } from '../components/snapshot-view'
import { useDealsIndex } from '../features/offers/api/use-shop'
import { DealFeeds } from '../features/deals/components/deal-feeds'
import { DealList } from '../features/deals/components/deal-list'
import { DealsFilters } from '../features/deals/components/deals-filters'
import { dealFiles, dealsParams, readDealsQuery } from '../features/deals/lib/deals'
import { lastPointStore } from '../features/offers/lib/last-point'
import { STALE_UNDER_HOURS } from '../lib/freshness'

/** DealsRoute (/dispensary-deals, /deals): everything on sale now, by region or distance, category and market. */
export default function DealsRoute() {
  return (
    <>
      <PageTitle screen="Deals" />
      <h1>Dispensary Deals</h1>
      <p className="lead">
        Everything on sale now on the menus we read that are less than {STALE_UNDER_HOURS} hours old, with the price per gram (or per 100 mg THC for
        edibles). Always check the dispensary's own site before you go.
      </p>
      <AfterHydration loading="Loading deals" withPageData>
        <DealsScreen />
      </AfterHydration>
    </>
  )
}

function DealsScreen() {
  const [params, setParams] = useSearchParams()
  const index = useDealsIndex()
  const lastPoint = lastPointStore.use()
  const query = readDealsQuery(params)
  const { region, near, within } = query
  const set = (patch: Readonly<Record<string, string>>) => setParams(dealsParams(params, patch))
  return (
    <>
      <DealsFilters query={query} set={set} />
      <DealFeeds region={near ? '' : region} />
      <SnapshotView response={index} what="deals">
        {(data) => {
          const files = dealFiles(data, query)
          const point = near ?? lastPoint
          return (
            <>
              <SampleNotice sample={data.sample} />
              <DealList
                files={files}
                point={point}
                within={near ? within : null}
                category={query.category}
                market={query.market}
                sort={query.sort}
                page={query.page}
                onPage={(p) => set({ page: p > 1 ? String(p) : '' })}
              />
            </>
          )
        }}
      </SnapshotView>
    </>
  )
}
