import { coreSnapshots, type Statistics } from './schemas'
import { useSnapshot } from './use-snapshot'

/** useStatistics loads /api/statistics: the most available strains and each region's top deals. */
export function useStatistics() {
  return useSnapshot('statistics', coreSnapshots.statistics)
}

export type { Statistics }
