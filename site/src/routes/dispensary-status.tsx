import { useDispensaryStatus } from '../api/dispensary-status'
import { FreshnessLegend } from '../components/freshness-legend'
import { PageTitle } from '../components/page-title'
import { SnapshotView } from '../components/snapshot-view'
import { usePipeline } from '../features/status/api/use-pipeline'
import { StatusScreen } from '../features/status/components/status-screen'

/** DispensaryStatusRoute (/dispensary-status) shows which dispensaries have up-to-date menu data. */
export default function DispensaryStatusRoute() {
  const response = useDispensaryStatus()
  const { data: pipeline } = usePipeline()
  return (
    <>
      <PageTitle screen="Dispensary Status" />
      <h1>Dispensary Status</h1>
      <p className="intro">
        Which dispensaries have up-to-date menu data. Each tile is one menu category; its age is counted from the last time we read that menu
        successfully.
      </p>
      <FreshnessLegend />
      {/* Errors read "An error happened." and the message, shape errors included, as the status page always has. */}
      <SnapshotView response={response} what="dispensary status" failed="An error happened." shapeInPlace>
        {(data) => <StatusScreen data={data} pipeline={pipeline} />}
      </SnapshotView>
    </>
  )
}
