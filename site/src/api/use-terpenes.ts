import { terpenesIndexSchema } from './shop-schemas'
import { useSnapshot } from './use-snapshot'

/** useTerpenes loads api/terpenes/index: every terpene menus list, with its product count. */
export function useTerpenes() {
  return useSnapshot('terpenes/index', terpenesIndexSchema)
}
