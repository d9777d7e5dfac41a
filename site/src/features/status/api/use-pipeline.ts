import * as v from 'valibot'
import { int, list, timestamp } from '@/api/common-schemas'
import { useSnapshot } from '@/api/use-snapshot'

// api/pipeline (publish/SNAPSHOTS.md): the status page's panel on the last scrape run and the registry's coverage.

export const pipelineSchema = v.looseObject({
  generatedAt: timestamp,
  lastRun: v.nullable(
    v.looseObject({
      startedAt: timestamp,
      finishedAt: v.nullable(timestamp),
      menusOk: int,
      menusFailed: int,
      failures: list(v.looseObject({ platform: v.string(), reason: v.string(), menus: int })),
    }),
  ),
  coverage: v.looseObject({
    stores: int,
    monitored: int,
    verified: v.optional(int),
    menus: int,
    byRegion: list(v.looseObject({ region: v.string(), stores: int, monitored: int })),
    byPlatform: list(v.looseObject({ platform: v.string(), menus: int })),
  }),
  // The state's roster: null before its first read; absent on trees published before it.
  roster: v.optional(
    v.nullable(
      v.looseObject({
        url: v.string(),
        lastRead: v.nullable(timestamp),
        rows: int,
        active: int,
        error: v.nullable(v.string()),
        matched: int,
        withMenu: int,
        notListed: int,
        missingActive: int,
        disagreements: list(v.looseObject({ slug: v.string(), licence: v.string(), field: v.string(), registry: v.string(), roster: v.string() })),
      }),
    ),
  ),
})
export type Pipeline = v.InferOutput<typeof pipelineSchema>

/** usePipeline loads api/pipeline: the last scrape run and the registry's coverage (absent on older trees). */
export function usePipeline() {
  return useSnapshot('pipeline', pipelineSchema)
}
