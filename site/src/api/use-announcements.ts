import { coreSnapshots, type Announcement } from './schemas'
import { useSnapshot } from './use-snapshot'

/** useAnnouncements loads /api/announcements: the notices active when the snapshot was published. */
export function useAnnouncements() {
  return useSnapshot('announcements', coreSnapshots.announcements)
}

export type { Announcement }
