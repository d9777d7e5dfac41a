import { contentSnapshots } from './content-schemas'
import { useSnapshot } from './use-snapshot'

/** useHighlights loads /api/highlights: one summary per calendar year of the history. */
export function useHighlights() {
  return useSnapshot('highlights', contentSnapshots.highlights)
}
