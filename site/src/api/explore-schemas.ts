import * as z from 'zod/mini'

// Shapes of the snapshots behind Trends, Strain genetics, Terpenes and the
// status page's pipeline panel (publish/SNAPSHOTS.md). Kept apart from
// schemas.ts so they load with those screens only. Objects are loose: publish
// may add fields.

const timestamp = z.iso.datetime({ offset: true })
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))
const market = z.enum(['recreational', 'medical'])
const freshness = z.enum(['current', 'stale', 'missing'])
const unit = z.nullable(z.enum(['g', '100mg']))
const money = z.number().check(z.nonnegative())
const nullableNumber = z.nullable(z.number())
const sample = z.optional(z.boolean())
const httpUrl = z.url({ protocol: /^https?$/ })
// A Go nil slice arrives as null: treat it as empty.
const list = <T extends z.ZodMiniType>(item: T) => z.pipe(z.nullable(z.array(item)), z.transform((v) => v ?? []))

export const trendsSchema = z.looseObject({
  generatedAt: timestamp,
  sample,
  weeks: list(day),
  prices: list(
    z.looseObject({
      category: z.string(),
      region: z.string(),
      market,
      unit: z.enum(['g', '100mg']),
      points: list(z.looseObject({ week: day, median: money, offers: z.int() })),
    }),
  ),
  menus: list(z.looseObject({ week: day, menus: z.int(), stores: z.int() })),
  newProducts: list(z.looseObject({ week: day, count: z.int() })),
})
export type Trends = z.infer<typeof trendsSchema>
export type PriceSeries = Trends['prices'][number]

export const STRAIN_TYPES = ['indica', 'sativa', 'hybrid'] as const
export type StrainType = (typeof STRAIN_TYPES)[number]
const strainType = z.nullable(z.enum(STRAIN_TYPES))

export const strainsSchema = z.looseObject({
  generatedAt: timestamp,
  sample,
  strains: list(
    z.looseObject({
      slug: z.string(),
      name: z.string(),
      type: strainType,
      stores: z.int(),
      products: z.int(),
      lineage: z.boolean(),
    }),
  ),
})
export type Strains = z.infer<typeof strainsSchema>
export type StrainSummary = Strains['strains'][number]

const strainLink = z.looseObject({ name: z.string(), slug: z.nullable(z.string()) })

/** offerSchema is an offer as api/products and api/strains/<slug> publish it. */
export const offerSchema = z.looseObject({
  slug: z.string(),
  storeName: z.string(),
  city: z.optional(z.string()),
  region: z.optional(z.string()),
  market,
  price: money,
  salePrice: z.nullable(money),
  unitPrice: z.nullable(money),
  unit,
  thc: z.optional(nullableNumber),
  lastUpdate: z.nullable(timestamp),
  freshness: z.optional(freshness),
  sample,
  // api/strains/<slug> adds the product to each offer.
  code: z.optional(z.string()),
  name: z.optional(z.string()),
  brand: z.optional(z.nullable(z.string())),
  category: z.optional(z.string()),
  size: z.optional(z.nullable(z.string())),
})
export type Offer = z.infer<typeof offerSchema>

export const strainSchema = z.looseObject({
  generatedAt: timestamp,
  sample,
  slug: z.string(),
  name: z.string(),
  type: strainType,
  parents: list(strainLink),
  children: list(strainLink),
  lineageSources: list(z.looseObject({ name: z.string(), url: httpUrl })),
  thc: z.nullable(z.looseObject({ min: z.number(), max: z.number() })),
  terpenes: list(z.looseObject({ slug: z.string(), name: z.string(), products: z.int() })),
  offers: list(offerSchema),
})
export type Strain = z.infer<typeof strainSchema>

export const terpenesSchema = z.looseObject({
  generatedAt: timestamp,
  sample,
  terpenes: list(z.looseObject({ slug: z.string(), name: z.string(), products: z.int() })),
})
export type Terpenes = z.infer<typeof terpenesSchema>

export const terpeneSchema = z.looseObject({
  generatedAt: timestamp,
  sample,
  slug: z.string(),
  name: z.string(),
  products: list(
    z.looseObject({
      code: z.string(),
      name: z.string(),
      brand: z.optional(z.nullable(z.string())),
      category: z.string(),
      strain: z.optional(z.nullable(z.string())),
      amount: nullableNumber,
      amountUnit: z.optional(z.nullable(z.enum(['%', 'mg']))),
      stores: z.int(),
      minPrice: z.nullable(money),
    }),
  ),
})
export type Terpene = z.infer<typeof terpeneSchema>

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

/**
 * ExploreSnapshots maps these snapshots' names (the path after /api/) to their
 * shapes; the per-strain and per-terpene files are keyed by a template.
 */
export type ExploreSnapshots = {
  trends: typeof trendsSchema
  strains: typeof strainsSchema
  [strain: `strains/${string}`]: typeof strainSchema
  terpenes: typeof terpenesSchema
  [terpene: `terpenes/${string}`]: typeof terpeneSchema
  pipeline: typeof pipelineSchema
}
