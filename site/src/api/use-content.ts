import { contentSnapshots } from './content-schemas'
import type { SnapshotName, Snapshots } from './schemas'
import { useSnapshot } from './use-snapshot'

/** ContentName is a community page published under api/content/ (data/content). */
export type ContentName = Extract<SnapshotName, `content/${string}`>

/** useContent loads one community page's content from api/content/<name>. */
export function useContent<N extends ContentName>(name: N) {
  return useSnapshot(name, contentSnapshots[name] as Snapshots[N])
}
