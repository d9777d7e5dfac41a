import { describe, expect, it, vi } from 'vitest'
import northeast from '@/testing/fixtures/shop/search-flower-northeast.json'
import northwest from '@/testing/fixtures/shop/search-flower-northwest.json'
import searchStores from '@/testing/fixtures/shop/search-stores.json'
import type { SearchShard, SearchStores } from '../api/shop-schemas'
import { compareOffers, firstPageOf, joinJob, joinOfferSteps, joinOffers, shardsFor, sortOffers, unitPriceOf } from './offer-search'
import { runInSlices } from '@/lib/sliced-work'
import { DEFAULT_SEARCH_STATE } from './search-state'

describe('unitPriceOf', () => {
  // The figures publish wrote as unitPrice when the search rows still carried it
  // (publish/testdata/search-flower-northeast.golden.json before the columns).
  it('divides the price paid by the grams, to the cent', () => {
    expect(unitPriceOf('Flower', 36, 3.5, null)).toEqual({ unitPrice: 10.29, unit: 'g' })
    expect(unitPriceOf('Flower', 38, 3.5, null)).toEqual({ unitPrice: 10.86, unit: 'g' })
    expect(unitPriceOf('Vape', 42, 3.5, null)).toEqual({ unitPrice: 12, unit: 'g' })
  })
  it('prices edibles per 100 mg of THC', () => {
    expect(unitPriceOf('Edible', 18, null, 200)).toEqual({ unitPrice: 9, unit: '100mg' })
    expect(unitPriceOf('Edible', 18, 10, null)).toEqual({ unitPrice: null, unit: null })
  })
  it('has none without an amount, for a free offer and for Other', () => {
    expect(unitPriceOf('Flower', 36, null, null)).toEqual({ unitPrice: null, unit: null })
    expect(unitPriceOf('Flower', 0, 3.5, null)).toEqual({ unitPrice: null, unit: null })
    expect(unitPriceOf('Other', 36, 3.5, 100)).toEqual({ unitPrice: null, unit: null })
  })
})

describe('shardsFor', () => {
  const stores = searchStores as SearchStores
  it('reads the whole-state file for all of Ohio, one region’s shard for a region', () => {
    expect(shardsFor(stores, { ...DEFAULT_SEARCH_STATE, productType: 'Flower' })).toEqual(['search/flower/all-1'])
    expect(shardsFor(stores, { ...DEFAULT_SEARCH_STATE, productType: 'Flower', region: 'Northwest' })).toEqual(['search/flower/northwest'])
  })
  it('reads the regions a distance search reaches, the whole-state file when it reaches them all', () => {
    const akron = { latitude: 41.0798, longitude: -81.5219 }
    expect(
      shardsFor(stores, { ...DEFAULT_SEARCH_STATE, productType: 'Flower', searchType: 'distance', coordinates: akron, maxDistance: 25 }),
    ).toEqual(['search/flower/northeast'])
    expect(
      shardsFor(stores, { ...DEFAULT_SEARCH_STATE, productType: 'Flower', searchType: 'distance', coordinates: akron, maxDistance: 200 }),
    ).toEqual(['search/flower/all-1'])
  })
  it('reads every part of the whole state', () => {
    const parts = { ...stores, shards: [...stores.shards, { category: 'Flower' as const, region: '', path: 'api/search/flower/all-2', offers: 1 }] }
    expect(shardsFor(parts, { ...DEFAULT_SEARCH_STATE, productType: 'Flower' })).toEqual(['search/flower/all-1', 'search/flower/all-2'])
  })
  it('reads a region’s shard when the type is listed in one region only', () => {
    expect(shardsFor(stores, { ...DEFAULT_SEARCH_STATE, productType: 'Vape' })).toEqual(['search/vape/northeast'])
  })
})

describe('firstPageOf', () => {
  const stores = searchStores as SearchStores
  const shards = [northeast, northwest] as SearchShard[]
  // What the search shows once every offer is joined: the first size offers by price, and the counts.
  const joined = (rows: readonly SearchShard[], size: number) => {
    const all = sortOffers(joinOffers(stores, rows, null), 'price', 'asc')
    return { keys: all.slice(0, size).map((o) => o.key), total: all.length, stores: new Set(all.map((o) => o.store.slug)).size }
  }
  it.each([1, 2, 3, 5, 50])('is the first %i offers of the joined search, with its offer and store counts', (size) => {
    const page = firstPageOf(stores, shards, size)
    expect({ keys: page.offers.map((o) => o.key), total: page.total, stores: page.stores }).toEqual(joined(shards, size))
    expect(page.offers.length).toBe(Math.min(size, page.total))
  })
  it('is the first page of a large file whose prices tie often, as the joined search', () => {
    // 5 stores' menus (one unknown) x 12 products x 4 prices in a few dollars: many offers at each price.
    const menus: [string, 'medical' | 'recreational'][] = [
      ['bloom-akron', 'recreational'],
      ['rise-toledo', 'recreational'],
      ['botanist-canton', 'recreational'],
      ['botanist-canton', 'medical'],
      ['no-such-store', 'medical'],
    ]
    const names = Array.from({ length: 12 }, (_, i) => `Strain ${(i * 7) % 12}`)
    const offers = menus.flatMap((_, menu) =>
      names.flatMap((_, product) => [0, 1, 2, 3].map((k) => ({ menu, product, price: 30 + ((menu + product * 3 + k) % 5) }))),
    )
    const large: SearchShard = {
      ...shards[0]!,
      menus,
      products: {
        code: names.map((_, i) => `product-${i}`),
        name: names,
        brand: names.map((_, i) => `Brand ${i % 3}`),
        strain: names,
        strainType: names.map(() => null),
        size: names.map((_, i) => `${i + 1}g`),
        grams: names.map((_, i) => i + 1),
        mg: names.map(() => null),
        terpenes: names.map(() => []),
      },
      offers: {
        product: offers.map((o) => o.product),
        menu: offers.map((o) => o.menu),
        price: offers.map((o) => o.price),
        salePrice: offers.map((o, i) => (i % 7 === 0 ? o.price - 2 : null)),
        thc: offers.map(() => 20),
        potencyUnit: offers.map(() => '%'),
        cbd: offers.map(() => null),
        isNew: offers.map(() => false),
      },
    }
    for (const size of [1, 7, 20, 50, 500]) {
      const page = firstPageOf(stores, [large], size)
      expect({ keys: page.offers.map((o) => o.key), total: page.total, stores: page.stores }).toEqual(joined([large], size))
    }
  })

  it('orders offers at one price by name, as the joined search does', () => {
    // Every offer at the price of the first: the page must pick among them by name.
    const [shard] = shards
    const price = shard!.offers.price.map(() => 10)
    const samePrice = { ...shard!, offers: { ...shard!.offers, price, salePrice: price.map(() => null) } }
    expect(firstPageOf(stores, [samePrice], 2).offers.map((o) => o.key)).toEqual(joined([samePrice], 2).keys)
  })
  it('leaves out offers of a store the stores file does not list', () => {
    const [shard] = shards
    const unknown = { ...shard!, menus: shard!.menus.map(([, market]) => ['no-such-store', market] as [string, typeof market]) }
    expect(firstPageOf(stores, [unknown], 5)).toEqual({ offers: [], total: 0, stores: 0 })
  })
})

describe('joinJob', () => {
  const stores = searchStores as SearchStores
  const shard = northeast as SearchShard
  /** repeated is shard with its offers listed times times over: one product code many times on a menu. */
  const repeated = (times: number): SearchShard => {
    const o = shard.offers
    const column = <T>(values: readonly T[]) => Array.from({ length: times }, () => values).flat()
    return {
      ...shard,
      offers: {
        product: column(o.product),
        menu: column(o.menu),
        price: column(o.price),
        salePrice: column(o.salePrice),
        thc: column(o.thc),
        potencyUnit: column(o.potencyUnit),
        cbd: column(o.cbd),
        isNew: column(o.isNew),
      },
    }
  }

  it('joins a small search at once, and hands the same offers back for the same files', () => {
    const shards = [shard, northwest as SearchShard]
    const job = joinJob(stores, shards, null)
    expect(job.done).toEqual(joinOffers(stores, shards, null))
    expect(joinJob(stores, shards, null).done).toBe(job.done)
  })

  it('joins a large search in slices, as joinOffers does at once, and keeps it per point', async () => {
    const shards = [repeated(400)]
    const point = { latitude: 41.08, longitude: -81.52 }
    const job = joinJob(stores, shards, point)
    expect(job.done).toBeUndefined()
    const offers = await runInSlices(job.steps(), new AbortController().signal)
    expect(offers).toEqual(joinOffers(stores, shards, point))
    expect(offers).toHaveLength(1_600)
    // Sorted in steps too, in a search's order from a point (by distance): the screen's sort
    // hands that order back without sorting again.
    const sort = vi.spyOn(Array.prototype, 'sort')
    const sorted = sortOffers(offers, 'distance', 'asc')
    expect(sort).not.toHaveBeenCalled()
    sort.mockRestore()
    expect(sorted).toEqual([...offers].sort(compareOffers('distance', 'asc')))
    // One code listed 400 times on a menu: 400 keys.
    expect(new Set(offers.map((o) => o.key)).size).toBe(1_600)
    job.finished?.(offers)
    expect(joinJob(stores, shards, point).done).toBe(offers)
    expect(joinJob(stores, shards, null).done).toBeUndefined()
  })

  it('is cut into steps', () => {
    const steps = joinOfferSteps(stores, [repeated(400)], null)
    let count = 0
    while (!steps.next().done) count++
    expect(count).toBeGreaterThan(5)
  })
})
