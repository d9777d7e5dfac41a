import * as z from 'zod/mini'
import { category, published, day, httpUrl, market, money, nullableNumber, productCode, productOfferSchema, strainType } from '@/api/common-schemas'

// The shapes behind Trends, Strain genetics and Terpenes (publish/SNAPSHOTS.md),
// and the terpene guide's content (data/content/terpenes.yaml).

export const STRAIN_TYPES = ['indica', 'sativa', 'hybrid'] as const
export type StrainType = (typeof STRAIN_TYPES)[number]

export const trendsSchema = published({
  weeks: z.array(day),
  prices: z.array(
    z.looseObject({
      category,
      region: z.string(),
      market,
      unit: z.enum(['g', '100mg']),
      points: z.array(z.looseObject({ week: day, median: money, offers: z.int() })),
    }),
  ),
  menus: z.array(z.looseObject({ week: day, menus: z.int(), stores: z.int() })),
  newProducts: z.array(z.looseObject({ week: day, count: z.int() })),
})
export type Trends = z.infer<typeof trendsSchema>

export const strainsIndexSchema = published({
  strains: z.array(
    z.looseObject({
      slug: z.string(),
      name: z.string(),
      type: strainType,
      // stores: in stock on a current menu (the figure the homepage shows too); storesListed:
      // on a current or stale menu, as the strain page's offers and the Menus search list them.
      stores: z.int(),
      storesListed: z.int(),
      products: z.int(),
      lineage: z.boolean(),
    }),
  ),
})
export type StrainsIndex = z.infer<typeof strainsIndexSchema>

const strainLink = z.looseObject({ name: z.string(), slug: z.nullable(z.string()) })
const terpeneCount = z.looseObject({ slug: z.string(), name: z.string(), products: z.int() })

export const strainSchema = published({
  slug: z.string(),
  name: z.string(),
  type: strainType,
  parents: z.array(strainLink),
  children: z.array(strainLink),
  lineageSources: z.array(z.looseObject({ name: z.string(), url: z.nullable(z.string()) })),
  // The strain catalogue's credit line when the name or type came from it.
  catalogueSource: z.optional(z.nullable(z.string())),
  thc: z.nullable(z.looseObject({ min: z.number(), max: z.number(), unit: z.string() })),
  terpenes: z.array(terpeneCount),
  offers: z.array(z.extend(productOfferSchema, { code: productCode, name: z.string(), brand: z.string(), category, size: z.string() })),
})
export type Strain = z.infer<typeof strainSchema>

export const terpenesIndexSchema = published({
  terpenes: z.array(terpeneCount),
})
export type TerpenesIndex = z.infer<typeof terpenesIndexSchema>

export const terpeneSchema = published({
  slug: z.string(),
  name: z.string(),
  products: z.array(
    z.looseObject({
      code: productCode,
      name: z.string(),
      brand: z.string(),
      category,
      strain: z.string(),
      amount: nullableNumber,
      amountUnit: z.nullable(z.enum(['%', 'mg'])),
      stores: z.int(),
      minPrice: money,
    }),
  ),
})
export type Terpene = z.infer<typeof terpeneSchema>

/** Offer is an offer as api/strains/<slug> lists it: the product's offer plus the product. */
export type Offer = Strain['offers'][number]

// What a terpene is (data/content/terpenes.yaml): aroma, where else it occurs,
// and what research says, each fact with the ids of its sources.
const sourcedFact = z.looseObject({ text: z.string(), sources: z.array(z.string()) })

export const terpeneContentSchema = z.looseObject({
  checked: z.optional(z.string()),
  // Markdown arrives rendered as html (omc publish).
  html: z.optional(z.string()),
  general: z.optional(z.array(sourcedFact)),
  terpenes: z.array(
    z.looseObject({
      slug: z.string(),
      name: z.string(),
      aliases: z.optional(z.array(z.string())),
      aroma: z.string(),
      alsoFoundIn: z.array(z.string()),
      facts: z.array(sourcedFact),
    }),
  ),
  sources: z.array(z.looseObject({ id: z.string(), title: z.string(), url: httpUrl })),
})
export type TerpeneContent = z.infer<typeof terpeneContentSchema>
