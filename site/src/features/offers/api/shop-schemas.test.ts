import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { SnapshotShapeError } from '@/api/errors'
import { parseSnapshot } from '@/api/fetcher'
import { itAcceptsGoldenFiles } from '@/testing/golden'
import dealsIndex from '@/testing/fixtures/shop/deals-index.json'
import dealsNortheast from '@/testing/fixtures/shop/deals-northeast.json'
import menu from '@/testing/fixtures/shop/menus-bloom-akron.json'
import product from '@/testing/fixtures/shop/products-muul-fuel.json'
import searchFirst from '@/testing/fixtures/shop/search-flower-first.json'
import searchAll from '@/testing/fixtures/shop/search-flower-all-1.json'
import searchShard from '@/testing/fixtures/shop/search-flower-northeast.json'
import searchNorthwest from '@/testing/fixtures/shop/search-flower-northwest.json'
import searchStores from '@/testing/fixtures/shop/search-stores.json'
import {
  dealsIndexSchema,
  dealsRegionSchema,
  menuSchema,
  productSchema,
  searchFirstSchema,
  searchShardSchema,
  searchStoresSchema,
} from './shop-schemas'

const fixtures: [string, v.GenericSchema, unknown][] = [
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
    expect(v.safeParse(productSchema, bad).success).toBe(false)
  })

  it('refuses search columns of different lengths, a missing column and an offer pointing outside the file', () => {
    const offers = searchShard.offers
    const short = { ...searchShard, offers: { ...offers, thc: offers.thc.slice(1) } }
    expect(v.safeParse(searchShardSchema, short).success).toBe(false)
    const { isNew: _, ...withoutIsNew } = offers
    expect(v.safeParse(searchShardSchema, { ...searchShard, offers: withoutIsNew }).success).toBe(false)
    const outside = { ...searchShard, offers: { ...offers, product: offers.product.map(() => searchShard.products.code.length) } }
    expect(v.safeParse(searchShardSchema, outside).success).toBe(false)
    const noMenu = { ...searchShard, offers: { ...offers, menu: offers.menu.map(() => searchShard.menus.length) } }
    expect(v.safeParse(searchFirstSchema, { ...noMenu, total: 4, stores: 2 }).success).toBe(false)
  })

  it('refuses menu columns of different lengths and an offer pointing outside the file', () => {
    const [market] = menu.markets
    const offers = market!.offers
    const short = { ...menu, markets: [{ ...market, offers: { ...offers, price: offers.price.slice(1) } }] }
    expect(v.safeParse(menuSchema, short).success).toBe(false)
    const shortProducts = { ...menu, products: { ...menu.products, orderPath: menu.products.orderPath.slice(1) } }
    expect(v.safeParse(menuSchema, shortProducts).success).toBe(false)
    const outside = { ...menu, markets: [{ ...market, offers: { ...offers, product: offers.product.map(() => menu.products.code.length) } }] }
    expect(v.safeParse(menuSchema, outside).success).toBe(false)
  })

  it('names the file and the field of a menu published before its offers were columns', async () => {
    // Offers as objects, each with its whole order link, and no products (publish before the store file's 25 kB budget made them columns).
    const old = { ...menu, products: undefined, markets: [{ ...menu.markets[0], orderUrlBase: undefined, offers: [{ code: 'a', orderUrl: null }] }] }
    const error = await parseSnapshot('menus/bloom-akron', menuSchema, { body: old }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SnapshotShapeError)
    expect((error as SnapshotShapeError).message).toMatch(
      /^snapshot menus\/bloom-akron has an unexpected shape at markets\[0\]\.(orderUrlBase|offers)/,
    )
  })

  it('refuses an unknown unit and a sale discount of 100 %', () => {
    const deal = dealsIndex.top[0]
    expect(v.safeParse(dealsIndexSchema, { ...dealsIndex, top: [{ ...deal, unit: 'oz' }] }).success).toBe(false)
    expect(v.safeParse(dealsIndexSchema, { ...dealsIndex, top: [{ ...deal, discount: 1 }] }).success).toBe(false)
  })

  it("accepts the ranges' bottoms (thcLow, cbdLow) as optional columns and fields, and refuses a short one", async () => {
    const offers = searchShard.offers
    const lows = offers.thc.map((thc) => (thc === null ? null : thc - 2))
    const ranged = { ...searchShard, offers: { ...offers, thcLow: lows, cbdLow: offers.cbd.map(() => null) } }
    // Through the fast guard, as the site reads the file.
    expect((await parseSnapshot('search/flower/northeast', searchShardSchema, { body: ranged })).data).toEqual(ranged)
    expect(v.safeParse(searchShardSchema, { ...ranged, offers: { ...ranged.offers, thcLow: lows.slice(1) } }).success).toBe(false)
    const [market] = menu.markets
    const menuRanged = { ...menu, markets: [{ ...market, offers: { ...market!.offers, thcLow: market!.offers.thc.map(() => 18) } }] }
    expect(v.safeParse(menuSchema, menuRanged).success).toBe(true)
    const productRanged = { ...product, offers: product.offers.map((o) => ({ ...o, thcLow: 18, cbdLow: null })) }
    expect(v.safeParse(productSchema, productRanged).success).toBe(true)
    expect(v.safeParse(productSchema, { ...productRanged, offers: product.offers.map((o) => ({ ...o, thcLow: '18' })) }).success).toBe(false)
    const deal = { ...dealsIndex.top[0], thcLow: 18 }
    expect(v.safeParse(dealsIndexSchema, { ...dealsIndex, top: [deal] }).success).toBe(true)
  })

  it('keeps fields publish may add', () => {
    const parsed = v.parse(dealsIndexSchema, { ...dealsIndex, extra: 1 }) as Record<string, unknown>
    expect(parsed.extra).toBe(1)
  })
})
