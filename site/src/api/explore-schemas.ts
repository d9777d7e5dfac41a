import * as z from 'zod/mini'
import type { Strain } from './schemas'
import type { strainsIndexSchema, terpenesIndexSchema, trendsSchema } from './shop-schemas'

// The shapes behind Trends, Strain genetics, Terpenes and the status page's
// pipeline panel (publish/SNAPSHOTS.md). The shopping shapes themselves live in
// schemas.ts (written with publish's builders); this file adds api/pipeline and
// names the fixed-path snapshots these screens load, for the hooks and prefetch.

const timestamp = z.iso.datetime({ offset: true })
// A Go nil slice arrives as null: treat it as empty.
const list = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.nullable(z.array(item)),
    z.transform((v) => v ?? []),
  )

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
})
export type Pipeline = z.infer<typeof pipelineSchema>

export const STRAIN_TYPES = ['indica', 'sativa', 'hybrid'] as const
export type StrainType = (typeof STRAIN_TYPES)[number]

/** Offer is an offer as api/strains/<slug> lists it: the product's offer plus the product. */
export type Offer = Strain['offers'][number]

/**
 * ExploreSnapshots maps these screens' fixed-path snapshots (the path after
 * /api/) to their shapes. Per-strain and per-terpene files are loaded by path
 * (usePathSnapshot), their names coming from the data.
 */
export type ExploreSnapshots = {
  trends: typeof trendsSchema
  'strains/index': typeof strainsIndexSchema
  'terpenes/index': typeof terpenesIndexSchema
  pipeline: typeof pipelineSchema
}
