import { useSnapshot } from '@/api/use-snapshot'
import { openDataSchema } from './open-data-schema'

/** useOpenData loads api/open-data: the price history's month files and the weekly price index's, with their sizes and rows. */
export function useOpenData() {
  return useSnapshot('open-data', openDataSchema)
}
