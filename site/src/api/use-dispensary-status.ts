import { coreSnapshots, type DispensaryStatus } from './schemas'
import { useSnapshot } from './use-snapshot'

/** useDispensaryStatus loads /api/DispensaryStatus: every dispensary with its menus' last updates. */
export function useDispensaryStatus() {
  return useSnapshot('DispensaryStatus', coreSnapshots.DispensaryStatus)
}

export type { DispensaryStatus }
