import * as v from 'valibot'
import { useSnapshot } from '@/api/use-snapshot'
import { announcementSchema, statisticsSchema } from './home-schemas'

/** useStatistics loads api/statistics: the most available strains and each region's top deals. */
export function useStatistics() {
  return useSnapshot('statistics', statisticsSchema)
}

export const announcementsSchema = v.array(announcementSchema)

/** useAnnouncements loads api/announcements: the notices active when the snapshot was published. */
export function useAnnouncements() {
  return useSnapshot('announcements', announcementsSchema)
}
