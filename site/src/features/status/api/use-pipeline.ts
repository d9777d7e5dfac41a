import * as z from 'zod/mini'
import { list, timestamp } from '@/api/common-schemas'
import { useSnapshot } from '@/api/use-snapshot'

// api/pipeline (publish/SNAPSHOTS.md): the status page's panel on the last scrape run and the registry's coverage.

export const pipelineSchema = z.looseObject({
  generatedAt: timestamp,
  lastRun: z.nullable(
    z.looseObject({
      startedAt: timestamp,
      finishedAt: z.nullable(timestamp),
      menusOk: z.int(),
      menusFailed: z.int(),
      failures: list(z.looseObject({ platform: z.string(), reason: z.string(), menus: z.int() })),
    }),
  ),
  coverage: z.looseObject({
    stores: z.int(),
    monitored: z.int(),
    verified: z.optional(z.int()),
    menus: z.int(),
    byRegion: list(z.looseObject({ region: z.string(), stores: z.int(), monitored: z.int() })),
    byPlatform: list(z.looseObject({ platform: z.string(), menus: z.int() })),
  }),
  // The state's roster: null before its first read; absent on trees published before it.
  roster: z.optional(
    z.nullable(
      z.looseObject({
        url: z.string(),
        lastRead: z.nullable(timestamp),
        rows: z.int(),
        active: z.int(),
        error: z.nullable(z.string()),
        matched: z.int(),
        withMenu: z.int(),
        notListed: z.int(),
        missingActive: z.int(),
        disagreements: list(z.looseObject({ slug: z.string(), licence: z.string(), field: z.string(), registry: z.string(), roster: z.string() })),
      }),
    ),
  ),
})
export type Pipeline = z.infer<typeof pipelineSchema>

/** usePipeline loads api/pipeline: the last scrape run and the registry's coverage (absent on older trees). */
export function usePipeline() {
  return useSnapshot('pipeline', pipelineSchema)
}
