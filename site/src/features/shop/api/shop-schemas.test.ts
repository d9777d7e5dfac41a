import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { itAcceptsGoldenFiles } from '../../../testing/golden'
import dealsIndex from '../../../testing/fixtures/shop/deals-index.json'
import dealsNortheast from '../../../testing/fixtures/shop/deals-northeast.json'
import menu from '../../../testing/fixtures/shop/menus-bloom-akron.json'
import product from '../../../testing/fixtures/shop/products-muul-fuel.json'
import searchFirst from '../../../testing/fixtures/shop/search-flower-first.json'
import searchAll from '../../../testing/fixtures/shop/search-flower-all-1.json'
import searchShard from '../../../testing/fixtures/shop/search-flower-northeast.json'
import searchNorthwest from '../../../testing/fixtures/shop/search-flower-northwest.json'
import searchStores from '../../../testing/fixtures/shop/search-stores.json'
import {
  dealsIndexSchema,
  dealsRegionSchema,
  menuSchema,
  productSchema,
  searchFirstSchema,
  searchShardSchema,
  searchStoresSchema,
} from './shop-schemas'

const fixtures: [string, z.ZodMiniType, unknown][] = [
  ['menus/bloom-akron', menuSchema, menu],
  ['products/klutch-muul-fuel-flower-3-5g', productSchema, product],
  ['search/stores', searchStoresSchema, searchStores],
  ['search/flower/northeast', searchShardSchema, searchShard],
  ['search/flower/first', searchFirstSchema, searchFirst],
  ['search/flower/northwest', searchShardSchema, searchNorthwest],
  ['search/flower/all-1', searchShardSchema, searchAll],
  ['deals/index', dealsIndexSchema, dealsIndex],
  ['deals/northeast', dealsRegionSchema, dealsNortheast],
]

describe('shopping snapshot shapes', () => {
  itAcceptsGoldenFiles(fixtures)

  it('refuses a product code that is not [a-z0-9-]+', () => {
    const bad = { ...product, code: 'Klutch Muul Fuel' }
    expect(z.safeParse(productSchema, bad).success).toBe(false)
  })

  it('refuses search columns of different lengths, a missing column and an offer pointing outside the file', () => {
    const offers = searchShard.offers
    const short = { ...searchShard, offers: { ...offers, thc: offers.thc.slice(1) } }
    expect(z.safeParse(searchShardSchema, short).success).toBe(false)
    const { isNew: _, ...withoutIsNew } = offers
    expect(z.safeParse(searchShardSchema, { ...searchShard, offers: withoutIsNew }).success).toBe(false)
    const outside = { ...searchShard, offers: { ...offers, product: offers.product.map(() => searchShard.products.code.length) } }
    expect(z.safeParse(searchShardSchema, outside).success).toBe(false)
    const noMenu = { ...searchShard, offers: { ...offers, menu: offers.menu.map(() => searchShard.menus.length) } }
    expect(z.safeParse(searchFirstSchema, { ...noMenu, total: 4, stores: 2 }).success).toBe(false)
  })

  it('refuses an unknown unit and a sale discount of 100 %', () => {
    const deal = dealsIndex.top[0]
    expect(z.safeParse(dealsIndexSchema, { ...dealsIndex, top: [{ ...deal, unit: 'oz' }] }).success).toBe(false)
    expect(z.safeParse(dealsIndexSchema, { ...dealsIndex, top: [{ ...deal, discount: 1 }] }).success).toBe(false)
  })

  it('keeps fields publish may add', () => {
    const parsed = z.parse(dealsIndexSchema, { ...dealsIndex, extra: 1 }) as Record<string, unknown>
    expect(parsed.extra).toBe(1)
  })
})
