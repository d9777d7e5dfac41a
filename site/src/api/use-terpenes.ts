import { terpenesSchema } from './explore-schemas'
import { useSnapshot } from './use-snapshot'

/** useTerpenes loads api/terpenes: every terpene menus list, with its product count. */
export function useTerpenes() {
  return useSnapshot('terpenes', terpenesSchema)
}
