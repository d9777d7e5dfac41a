import * as v from 'valibot'
import {
  category,
  day,
  httpUrl,
  int,
  market,
  money,
  nullableNumber,
  productCode,
  productOfferSchema,
  published,
  strainType,
} from '@/api/common-schemas'

// The shapes behind Trends, Strain genetics and Terpenes (publish/SNAPSHOTS.md),
// and the terpene guide's content (data/content/terpenes.yaml).

export const STRAIN_TYPES = ['indica', 'sativa', 'hybrid'] as const
export type StrainType = (typeof STRAIN_TYPES)[number]

export const trendsSchema = published({
  weeks: v.array(day),
  prices: v.array(
    v.looseObject({
      category,
      region: v.string(),
      market,
      unit: v.picklist(['g', '100mg']),
      points: v.array(v.looseObject({ week: day, median: money, offers: int })),
    }),
  ),
  menus: v.array(v.looseObject({ week: day, menus: int, stores: int })),
  newProducts: v.array(v.looseObject({ week: day, count: int })),
})
export type Trends = v.InferOutput<typeof trendsSchema>

export const strainsIndexSchema = published({
  strains: v.array(
    v.looseObject({
      slug: v.string(),
      name: v.string(),
      type: strainType,
      // stores: in stock on a current menu (the figure the homepage shows too); storesListed:
      // on a current or stale menu, as the strain page's offers and the Menus search list them.
      stores: int,
      storesListed: int,
      products: int,
      lineage: v.boolean(),
    }),
  ),
})
export type StrainsIndex = v.InferOutput<typeof strainsIndexSchema>

const strainLink = v.looseObject({ name: v.string(), slug: v.nullable(v.string()) })
const terpeneCount = v.looseObject({ slug: v.string(), name: v.string(), products: int })

export const strainSchema = published({
  slug: v.string(),
  name: v.string(),
  type: strainType,
  parents: v.array(strainLink),
  children: v.array(strainLink),
  lineageSources: v.array(v.looseObject({ name: v.string(), url: v.nullable(v.string()) })),
  // The strain catalogue's credit line when the name or type came from it.
  catalogueSource: v.optional(v.nullable(v.string())),
  thc: v.nullable(v.looseObject({ min: v.number(), max: v.number(), unit: v.string() })),
  terpenes: v.array(terpeneCount),
  offers: v.array(
    v.looseObject({ ...productOfferSchema.entries, code: productCode, name: v.string(), brand: v.string(), category, size: v.string() }),
  ),
})
export type Strain = v.InferOutput<typeof strainSchema>

export const terpenesIndexSchema = published({
  terpenes: v.array(terpeneCount),
})
export type TerpenesIndex = v.InferOutput<typeof terpenesIndexSchema>

export const terpeneSchema = published({
  slug: v.string(),
  name: v.string(),
  products: v.array(
    v.looseObject({
      code: productCode,
      name: v.string(),
      brand: v.string(),
      category,
      strain: v.string(),
      amount: nullableNumber,
      amountUnit: v.nullable(v.picklist(['%', 'mg'])),
      stores: int,
      minPrice: money,
    }),
  ),
})
export type Terpene = v.InferOutput<typeof terpeneSchema>

/** Offer is an offer as api/strains/<slug> lists it: the product's offer plus the product. */
export type Offer = Strain['offers'][number]

// What a terpene is (data/content/terpenes.yaml): aroma, where else it occurs,
// and what research says, each fact with the ids of its sources.
const sourcedFact = v.looseObject({ text: v.string(), sources: v.array(v.string()) })

export const terpeneContentSchema = v.looseObject({
  checked: v.optional(v.string()),
  // Markdown arrives rendered as html (omc publish).
  html: v.optional(v.string()),
  general: v.optional(v.array(sourcedFact)),
  terpenes: v.array(
    v.looseObject({
      slug: v.string(),
      name: v.string(),
      aliases: v.optional(v.array(v.string())),
      aroma: v.string(),
      alsoFoundIn: v.array(v.string()),
      facts: v.array(sourcedFact),
    }),
  ),
  sources: v.array(v.looseObject({ id: v.string(), title: v.string(), url: httpUrl })),
})
export type TerpeneContent = v.InferOutput<typeof terpeneContentSchema>
