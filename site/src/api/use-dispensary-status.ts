import { statusSnapshots, type DispensaryStatus } from './status-schemas'
import { useSnapshot } from './use-snapshot'

/** useDispensaryStatus loads /api/DispensaryStatus: every dispensary with its menus' last updates. */
export function useDispensaryStatus() {
  return useSnapshot('DispensaryStatus', statusSnapshots.DispensaryStatus)
}

export type { DispensaryStatus }
