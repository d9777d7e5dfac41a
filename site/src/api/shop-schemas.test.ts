import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import dealsIndex from '../testing/fixtures/shop/deals-index.json'
import dealsNortheast from '../testing/fixtures/shop/deals-northeast.json'
import menu from '../testing/fixtures/shop/menus-bloom-akron.json'
import product from '../testing/fixtures/shop/products-muul-fuel.json'
import searchFirst from '../testing/fixtures/shop/search-flower-first.json'
import searchAll from '../testing/fixtures/shop/search-flower-all-1.json'
import searchShard from '../testing/fixtures/shop/search-flower-northeast.json'
import searchNorthwest from '../testing/fixtures/shop/search-flower-northwest.json'
import searchStores from '../testing/fixtures/shop/search-stores.json'
import gelato from '../testing/fixtures/shop/strains-gelato-41.json'
import strainsIndex from '../testing/fixtures/shop/strains-index.json'
import muulFuel from '../testing/fixtures/shop/strains-muul-fuel.json'
import terpenesIndex from '../testing/fixtures/shop/terpenes-index.json'
import limonene from '../testing/fixtures/shop/terpenes-limonene.json'
import trends from '../testing/fixtures/shop/trends.json'
import { shopSchemaFor } from './shop-schemas'

// The fixtures are publish's golden files (publish/testdata, kept equal by go test ./publish).
const fixtures: [string, unknown][] = [
  ['menus/bloom-akron', menu],
  ['products/klutch-muul-fuel-flower-3-5g', product],
  ['search/stores', searchStores],
  ['search/flower/northeast', searchShard],
  ['search/flower/first', searchFirst],
  ['search/flower/northwest', searchNorthwest],
  ['search/flower/all-1', searchAll],
  ['deals/index', dealsIndex],
  ['deals/northeast', dealsNortheast],
  ['trends', trends],
  ['strains/index', strainsIndex],
  ['strains/muul-fuel', muulFuel],
  ['strains/gelato-41', gelato],
  ['terpenes/index', terpenesIndex],
  ['terpenes/limonene', limonene],
]

function schema(name: string) {
  const s = shopSchemaFor(name)
  if (!s) throw new Error(`no schema for ${name}`)
  return s
}

describe('shopping snapshot shapes', () => {
  it.each(fixtures)('%s: the golden file is valid', (name, data) => {
    const result = z.safeParse(schema(name), data)
    expect(result.error?.issues ?? []).toEqual([])
  })

  it.each(['menus', 'menus/a/b', 'search/flower', 'deals', 'trends/x', 'nothing/here'])('%s has no shape', (name) => {
    expect(shopSchemaFor(name)).toBeUndefined()
  })

  it('refuses a product code that is not [a-z0-9-]+', () => {
    const bad = { ...product, code: 'Klutch Muul Fuel' }
    expect(z.safeParse(schema('products/x'), bad).success).toBe(false)
  })

  it('refuses search columns of different lengths, a missing column and an offer pointing outside the file', () => {
    const offers = searchShard.offers
    const short = { ...searchShard, offers: { ...offers, thc: offers.thc.slice(1) } }
    expect(z.safeParse(schema('search/flower/northeast'), short).success).toBe(false)
    const { isNew: _, ...withoutIsNew } = offers
    expect(z.safeParse(schema('search/flower/northeast'), { ...searchShard, offers: withoutIsNew }).success).toBe(false)
    const outside = { ...searchShard, offers: { ...offers, product: offers.product.map(() => searchShard.products.code.length) } }
    expect(z.safeParse(schema('search/flower/all-1'), outside).success).toBe(false)
    const noMenu = { ...searchShard, offers: { ...offers, menu: offers.menu.map(() => searchShard.menus.length) } }
    expect(z.safeParse(schema('search/flower/first'), { ...noMenu, total: 4, stores: 2 }).success).toBe(false)
  })

  it('refuses an unknown unit and a sale discount of 100 %', () => {
    const deal = dealsIndex.top[0]
    expect(z.safeParse(schema('deals/index'), { ...dealsIndex, top: [{ ...deal, unit: 'oz' }] }).success).toBe(false)
    expect(z.safeParse(schema('deals/index'), { ...dealsIndex, top: [{ ...deal, discount: 1 }] }).success).toBe(false)
  })

  it('keeps fields publish may add', () => {
    const parsed = z.parse(schema('trends'), { ...trends, extra: 1 }) as Record<string, unknown>
    expect(parsed.extra).toBe(1)
  })
})
