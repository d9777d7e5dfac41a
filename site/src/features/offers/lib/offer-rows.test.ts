import { describe, expect, it } from 'vitest'
import type { Category } from '@/api/common-schemas'
import type { Menu, SearchShard, SearchStores } from '../api/shop-schemas'
import { countFacets, countInRange, NO_FACETS, potencyUnitFor, THRESHOLDS, type FacetFilters } from './facets'
import { filterOffers, firstPageOf, joinOffers, sortOffers } from './offer-search'
import { potencyOf } from './potency'
import { DEFAULT_SEARCH_STATE, DEFAULT_FILTERS, type DispensarySearchState, type SearchFilters } from './search-state'
import { storeOffersOf } from './store-menu'
import { thcValue } from './thc-value'

// A world small enough to reason about and varied enough that every filter removes something:
// three stores (open all week, closed all week, hours unknown) in two regions, both markets,
// menus that list one product code twice, every strain type, sizes, sales, new offers, and
// THC and CBD figures (ranges among them).

const NOW = Date.parse('2026-07-01T16:00:00Z')
const fresh = '2026-07-01T10:00:00Z'
const old = '2026-06-28T10:00:00Z'
const week = (day: readonly { opens: string; closes: string }[] | null) => ({
  timeZone: 'America/New_York',
  mon: day,
  tue: day,
  wed: day,
  thu: day,
  fri: day,
  sat: day,
  sun: day,
})
const store = (slug: string, region: string, lat: number, lng: number, openingHours: ReturnType<typeof week> | null, lastUpdate: string) => ({
  slug,
  name: slug,
  city: 'Columbus',
  address: '1 Main St.',
  region,
  lat,
  lng,
  coordinates: 'store' as const,
  website: '',
  sample: false,
  openingHours,
  salesTaxPercent: 7.5,
  markets: (['medical', 'recreational'] as const).map((market) => ({
    market,
    menuUrl: null,
    lastUpdate: { Flower: lastUpdate, Edible: lastUpdate },
  })),
})
const stores = {
  generatedAt: fresh,
  sample: false,
  stores: [
    store('open-columbus', 'Central', 39.96, -83.0, week([{ opens: '00:00', closes: '24:00' }]), fresh),
    store('closed-delaware', 'Central', 40.3, -83.07, week([]), fresh),
    store('unknown-akron', 'Northeast', 41.08, -81.52, null, old),
  ],
  shards: [],
} as unknown as SearchStores

const products = {
  code: ['muul-eighth', 'gelato-eighth', 'haze-gram', 'og-half', 'runtz-eighth'],
  name: ['Muul Fuel', 'Gelato 41', 'Super Haze', 'OG Kush', 'Runtz'],
  brand: ['Klutch', 'Grow Ohio', 'Klutch', 'Buckeye', 'Grow Ohio'],
  strain: ['Muul Fuel', 'Gelato 41', 'Super Haze', 'OG Kush', 'Runtz'],
  strainType: ['indica', 'hybrid', 'sativa', 'indica', 'hybrid'],
  size: ['3.5g', '3.5g', '1g', '14g', '3.5g'],
  grams: [3.5, 3.5, 1, 14, 3.5],
  mg: [null, null, null, null, null],
  terpenes: [['myrcene'], ['limonene'], ['pinene', 'limonene'], ['myrcene'], []],
}

/** offersOf builds a search file's offer columns from rows: [product, menu, price, sale, thc, cbd, new, thcLow]. */
function offersOf(rows: [number, number, number, number | null, number | null, number | null, boolean, number | null][]) {
  return {
    product: rows.map((r) => r[0]),
    menu: rows.map((r) => r[1]),
    price: rows.map((r) => r[2]),
    salePrice: rows.map((r) => r[3]),
    thc: rows.map((r) => r[4]),
    potencyUnit: rows.map((r) => (r[4] === null ? null : '%')),
    cbd: rows.map((r) => r[5]),
    isNew: rows.map((r) => r[6]),
    thcLow: rows.map((r) => r[7]),
  }
}

const menus: [string, 'medical' | 'recreational'][] = [
  ['open-columbus', 'recreational'],
  ['open-columbus', 'medical'],
  ['closed-delaware', 'recreational'],
  ['closed-delaware', 'medical'],
  ['unknown-akron', 'recreational'],
  ['unknown-akron', 'medical'],
]
// Products are listed several times on one menu: Muul Fuel twice at open-columbus (rec.),
// Gelato twice at closed-delaware (med.), Runtz twice at unknown-akron (rec.).
const shard = {
  generatedAt: fresh,
  sample: false,
  category: 'Flower',
  region: '',
  menus,
  products,
  offers: offersOf([
    [0, 0, 45, 36, 24.1, null, false, 18],
    [0, 0, 45, null, 24.1, null, false, null],
    [1, 0, 40, null, 19.5, 0.5, true, null],
    [2, 0, 15, null, 28, 1.2, false, 25],
    [3, 1, 160, 140, 22, null, false, null],
    [1, 1, 38, null, 19.5, null, false, null],
    [1, 3, 39, 30, 21, null, false, null],
    [1, 3, 41, null, 21, null, true, null],
    [4, 2, 50, null, 31, 0.2, false, null],
    [2, 2, 12, 10, null, null, false, null],
    [4, 4, 52, null, 30, null, false, 26],
    [4, 4, 55, 44, 30, null, true, null],
    [0, 5, 47, null, 23, 2, false, null],
    [3, 4, 150, null, 20, null, false, null],
    [2, 5, 14, null, 27, null, true, null],
  ]),
} as unknown as SearchShard

const all = sortOffers(joinOffers(stores, [shard], { latitude: 39.96, longitude: -83.0 }), 'price', 'asc')

describe('one row per offer', () => {
  it('keys every offer apart, a product code listed twice on one menu too', () => {
    const keys = joinOffers(stores, [shard], null).map((o) => o.key)
    expect(keys).toHaveLength(15)
    expect(new Set(keys).size).toBe(15)
    // Two offers of Muul Fuel on open-columbus's adult-use menu: two rows.
    expect(keys.filter((k) => k.startsWith('open-columbus|recreational|muul-eighth|'))).toHaveLength(2)
  })

  it('keys the first page as the joined search keys the same offers', () => {
    const page = firstPageOf(stores, [shard], 5)
    expect(page.offers.map((o) => o.key)).toEqual(
      sortOffers(joinOffers(stores, [shard], null), 'price', 'asc')
        .slice(0, 5)
        .map((o) => o.key),
    )
  })

  it('keys publish’s first page (a file of its own) as the joined search keys the offers listed once', () => {
    // The five cheapest offers, as publish writes api/search/<type>/first: columns of their own, no ordinals.
    const cheapest = shard.offers.price
      .map((price, i) => ({ paid: shard.offers.salePrice[i] ?? price, i }))
      .sort((a, b) => a.paid - b.paid)
      .slice(0, 5)
      .map((c) => c.i)
      .sort((a, b) => a - b)
    const o = shard.offers
    const columns = ['product', 'menu', 'price', 'salePrice', 'thc', 'potencyUnit', 'cbd', 'isNew'] as const
    const first = { ...shard, offers: Object.fromEntries(columns.map((c) => [c, cheapest.map((i) => o[c][i])])) } as unknown as SearchShard
    const whole = new Map(joinOffers(stores, [shard], null).map((offer) => [offer.key, offer]))
    const listedOnce = (key: string) => !whole.has(`${key}#2`)
    const page = joinOffers(stores, [first], null).filter((offer) => listedOnce(offer.key))
    expect(page.length).toBeGreaterThan(2)
    for (const offer of page)
      expect(whole.get(offer.key)).toMatchObject({ code: offer.code, store: offer.store, market: offer.market, paid: offer.paid })
  })

  it('keys every offer of a store’s menu apart, a product listed twice on one market too', () => {
    const menu = {
      products: { ...products, orderPath: products.code.map(() => null), category: products.code.map(() => 'Flower') },
      markets: [
        {
          market: 'recreational',
          categories: { Flower: { lastUpdate: fresh } },
          orderUrlBase: '',
          offers: {
            ...offersOf([
              [0, 0, 45, 36, 24, null, false, null],
              [0, 0, 45, null, 24, null, false, null],
            ]),
            inStock: [true, true],
            firstSeen: [null, null],
          },
        },
      ],
    } as unknown as Menu
    const keys = storeOffersOf(menu).map((o) => o.key)
    expect(keys).toHaveLength(2)
    expect(new Set(keys).size).toBe(2)
  })
})

/** search is a distance search of 100 miles around Columbus, on the market(s) given. */
const search = (patch: Partial<DispensarySearchState>): DispensarySearchState => ({
  ...DEFAULT_SEARCH_STATE,
  searchType: 'distance',
  coordinates: { latitude: 39.96, longitude: -83.0 },
  maxDistance: 100,
  ...patch,
})

/** listed is what a fresh load of a search with these filters lists: its offers' keys. */
const listed = (s: DispensarySearchState, f: SearchFilters) => filterOffers(all, s, f, NOW).offers.map((o) => o.key)

// Every option a filter with counts offers, as the patch that chooses it alone (for a list of
// options) or the bound it sets.
const OPTIONS: [string, (f: FacetFilters) => Partial<FacetFilters>, (c: ReturnType<typeof countFacets>) => number][] = [
  ...['Klutch', 'Grow Ohio', 'Buckeye'].map((b) => [`brand ${b}`, () => ({ brands: [b] }), (c) => c.brand.get(b) ?? 0] as (typeof OPTIONS)[number]),
  ...(['indica', 'sativa', 'hybrid'] as const).map(
    (t) => [`strain type ${t}`, () => ({ strainTypes: [t] }), (c) => c.strainType.get(t) ?? 0] as (typeof OPTIONS)[number],
  ),
  ...['3.5g', '1g', '14g'].map((s) => [`size ${s}`, () => ({ sizes: [s] }), (c) => c.size.get(s) ?? 0] as (typeof OPTIONS)[number]),
  ...['myrcene', 'limonene', 'pinene'].map(
    (t) => [`terpene ${t}`, () => ({ terpenes: [t] }), (c) => c.terpene.get(t) ?? 0] as (typeof OPTIONS)[number],
  ),
  ...THRESHOLDS.thc['%'].map(
    (t) => [`THC at least ${t}`, (f) => ({ thcMin: t, thcMax: f.thcMax }), (c) => countInRange(c.thc, t, null)] as (typeof OPTIONS)[number],
  ),
  ...THRESHOLDS.price.map(
    (p) => [`price at most ${p}`, (f) => ({ priceMin: f.priceMin, priceMax: p }), (c) => countInRange(c.price, null, p)] as (typeof OPTIONS)[number],
  ),
  ...THRESHOLDS.cbd['%'].map((t) => [`CBD at least ${t}`, () => ({ cbdMin: t }), (c) => countInRange(c.cbd, t, null)] as (typeof OPTIONS)[number]),
  ['on sale', () => ({ saleOnly: true }), (c) => c.sale],
  ['new', () => ({ newOnly: true }), (c) => c.new],
]

// The facet each option belongs to: choosing an option replaces that facet's choice only.
const FACET_OF: Record<string, keyof FacetFilters | (keyof FacetFilters)[]> = {
  brand: 'brands',
  strain: 'strainTypes',
  size: 'sizes',
  terpene: 'terpenes',
  THC: ['thcMin'],
  price: ['priceMax'],
  CBD: 'cbdMin',
  on: 'saleOnly',
  new: 'newOnly',
}

describe('facet counts follow every filter', () => {
  // Filters chosen together: the search's market and distance, open now, fresh menus only,
  // the text, and a choice in several facets.
  const cases: [string, DispensarySearchState, SearchFilters][] = [
    ['nothing chosen', search({}), DEFAULT_FILTERS],
    ['open now', search({}), { ...DEFAULT_FILTERS, openNow: true }],
    ['open now, adult-use only, within 30 miles', search({ showMedical: false, maxDistance: 30 }), { ...DEFAULT_FILTERS, openNow: true }],
    [
      'every filter at once',
      search({ showRecreational: true, showMedical: true, maxDistance: 150 }),
      {
        ...DEFAULT_FILTERS,
        openNow: true,
        staleExclude: true,
        dealsOnly: true,
        searchText: 'o',
        brands: ['Klutch', 'Grow Ohio'],
        strainTypes: ['indica', 'hybrid'],
        sizes: ['3.5g'],
        thcMin: 15,
        priceMax: 100,
      },
    ],
    [
      'medical, unknown hours kept, facets',
      search({ showRecreational: false, maxDistance: 200 }),
      { ...DEFAULT_FILTERS, openNow: true, brands: ['Klutch'], saleOnly: true, terpenes: ['myrcene'] },
    ],
    ['a region, not open now, new only', { ...DEFAULT_SEARCH_STATE, region: 'Central' }, { ...DEFAULT_FILTERS, newOnly: true, cbdMin: 0.1 }],
  ]

  it.each(cases)('counts each option as the offers a fresh load choosing it lists: %s', (_, s, f) => {
    const result = filterOffers(all, s, f, NOW)
    const counts = countFacets(result.counted, f, potencyUnitFor(s.productType))
    for (const [name, choose, count] of OPTIONS) {
      const facet = FACET_OF[name.split(' ')[0]!]!
      const cleared = Array.isArray(facet) ? {} : { [facet]: NO_FACETS[facet] }
      const chosen = { ...f, ...cleared, ...choose(f) }
      expect(count(counts), `${name}`).toBe(listed(s, chosen).length)
    }
  })

  it('counts no offer of a closed store while "open now" is on (the 373 against 213 of Central flower)', () => {
    const f = { ...DEFAULT_FILTERS, openNow: true }
    const result = filterOffers(all, search({ maxDistance: 200 }), f, NOW)
    expect(result.counted.some((o) => o.store.slug === 'closed-delaware')).toBe(false)
    expect(result.excluded.openNow).toBe(4)
    const indica = countFacets(result.counted, f, '%').strainType.get('indica')
    expect(indica).toBe(listed(search({ maxDistance: 200 }), { ...f, strainTypes: ['indica'] }).length)
  })
})

describe('edible potency: the labelled dose where the menu gives no THC figure', () => {
  const edible = (thc: number | null, mg: number | null, potencyUnit: string | null = thc === null ? null : 'mg') =>
    potencyOf({ category: 'Edible' as Category, mg, thc, potencyUnit, cbd: null })
  it('reads the label when the menu gives no figure, and says so', () => {
    expect(edible(null, 100)).toEqual({ thc: 100, potencyUnit: 'mg', thcLabelled: true, thcLow: null, cbdLow: null })
  })
  it('keeps the menu’s figure when it gives one, and has none without either', () => {
    expect(edible(95, 100)).toMatchObject({ thc: 95, thcLabelled: false })
    expect(edible(null, null)).toMatchObject({ thc: null, thcLabelled: false })
    // Not an edible: no label to read.
    expect(potencyOf({ category: 'Flower', mg: 100, thc: null, potencyUnit: null, cbd: null })).toMatchObject({ thc: null, thcLabelled: false })
  })
  it('filters by the same figure the value by THC reads', () => {
    const ediblesShard = {
      ...shard,
      category: 'Edible',
      products: { ...products, mg: [100, 50, 200, 10, 100], grams: products.code.map(() => null) },
      offers: offersOf([
        [0, 0, 20, null, null, null, false, null],
        [1, 0, 10, null, null, null, false, null],
        [2, 0, 30, null, 180, null, false, null],
        [3, 0, 5, null, null, null, false, null],
      ]),
    } as unknown as SearchShard
    const edibles = joinOffers(stores, [{ ...ediblesShard, offers: { ...ediblesShard.offers, potencyUnit: [null, null, 'mg', null] } }], null)
    const s = { ...DEFAULT_SEARCH_STATE, productType: 'Edible' as const }
    const atLeast100 = filterOffers(edibles, s, { ...DEFAULT_FILTERS, thcMin: 100 }, NOW).offers.map((o) => o.code)
    // The 100 mg gummy with no menu figure is kept (its label); the 200 mg one by the menu's 180 mg.
    expect(atLeast100.sort()).toEqual(['haze-gram', 'muul-eighth'])
    const muul = edibles.find((o) => o.code === 'muul-eighth')!
    expect(muul).toMatchObject({ thc: 100, potencyUnit: 'mg', thcLabelled: true })
    expect(thcValue(muul)).toEqual({ thcMg: 100, per100mg: 20 })
  })
})

describe('ranges: shown whole, filtered and sorted by the top', () => {
  it('carries a range’s bottom beside its top', () => {
    const muul = all.find((o) => o.code === 'muul-eighth' && o.thcLow !== null)!
    expect(muul).toMatchObject({ thc: 24.1, thcLow: 18 })
    expect(potencyOf({ category: 'Flower', mg: null, thc: 24.5, potencyUnit: '%', cbd: 2, thcLow: 18, cbdLow: 1 })).toMatchObject({
      thc: 24.5,
      thcLow: 18,
      cbdLow: 1,
    })
  })
  it('shows one figure for a bottom that is no range (above the top, or none)', () => {
    expect(potencyOf({ category: 'Flower', mg: null, thc: 20, potencyUnit: '%', cbd: null, thcLow: 22 }).thcLow).toBeNull()
    expect(potencyOf({ category: 'Flower', mg: null, thc: 20, potencyUnit: '%', cbd: null }).thcLow).toBeNull()
    expect(potencyOf({ category: 'Flower', mg: null, thc: null, potencyUnit: null, cbd: null, thcLow: 5 }).thcLow).toBeNull()
  })
  it('filters and sorts by the top', () => {
    // Runtz at 26–30 %: kept by "at least 30", and sorted by 30.
    const s = search({ maxDistance: 200 })
    const at30 = filterOffers(all, s, { ...DEFAULT_FILTERS, thcMin: 30 }, NOW).offers
    expect(at30.some((o) => o.code === 'runtz-eighth' && o.thcLow === 26)).toBe(true)
    const byThc = sortOffers(all, 'thc', 'desc').filter((o) => o.thc !== null)
    expect(byThc.map((o) => o.thc)).toEqual([...byThc.map((o) => o.thc!)].sort((a, b) => b - a))
  })
})
