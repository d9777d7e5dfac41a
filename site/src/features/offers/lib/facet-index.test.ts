import { describe, expect, it } from 'vitest'
import northeast from '@/testing/fixtures/shop/search-flower-northeast.json'
import northwest from '@/testing/fixtures/shop/search-flower-northwest.json'
import searchStores from '@/testing/fixtures/shop/search-stores.json'
import type { SearchShard, SearchStores } from '../api/shop-schemas'
import {
  countFacets,
  keepFacets,
  narrowedList,
  NO_FACETS,
  potencyUnitFor,
  STRAIN_TYPES,
  THRESHOLDS,
  type FacetFilters,
  type FacetOffer,
  type PotencyUnit,
} from './facets'
import { joinOffers } from './offer-search'
import { buildFacetIndex, emptyBits, facetIndexJob, facetIndexOf, hasBit, setBit } from './facet-index'
import { runSteps } from '@/lib/sliced-work'

// The indexed filters (facet-index.ts, behind keepFacets and countFacets) against the rule
// they stand for, counted the plain way: every offer checked against every filter, an
// option of a facet counted over the offers all the other facets' filters keep.

type Filter = (o: FacetOffer) => boolean

function bruteForce(offers: readonly FacetOffer[], f: FacetFilters, unit: PotencyUnit) {
  const potency = (o: FacetOffer, v: number | null) => ((o.potencyUnit ?? potencyUnitFor(o.category)) === unit ? v : null)
  const within = (v: number | null, min: number | null, max: number | null) => v !== null && (min === null || v >= min) && (max === null || v <= max)
  const any = (chosen: readonly string[], value: string | null) => chosen.length === 0 || (value !== null && chosen.includes(value))
  const filters: Record<string, Filter> = {
    brand: (o) => any(f.brands, o.brand),
    strainType: (o) => any(f.strainTypes, o.strainType),
    size: (o) => any(f.sizes, o.sizeKey),
    terpene: (o) => f.terpenes.length === 0 || o.terpenes.some((t) => f.terpenes.includes(t)),
    thc: (o) => (f.thcMin === null && f.thcMax === null) || within(potency(o, o.thc), f.thcMin, f.thcMax),
    cbd: (o) => f.cbdMin === null || within(potency(o, o.cbd), f.cbdMin, null),
    price: (o) => (f.priceMin === null && f.priceMax === null) || within(o.paid, f.priceMin, f.priceMax),
    sale: (o) => !f.saleOnly || o.salePrice !== null,
    new: (o) => !f.newOnly || o.isNew,
  }
  const keptBy = (facet: string | null) => offers.filter((o) => Object.entries(filters).every(([name, keep]) => name === facet || keep(o)))
  const tally = (values: (string | null)[]) => {
    const counts = new Map<string, number>()
    for (const v of values) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1)
    return counts
  }
  const sortedOf = (values: (number | null)[]) => Float64Array.from(values.filter((v) => v !== null)).sort()
  return {
    offers: keptBy(null),
    counts: {
      brand: tally(keptBy('brand').map((o) => o.brand)),
      strainType: tally(keptBy('strainType').map((o) => o.strainType)),
      size: tally(keptBy('size').map((o) => o.sizeKey)),
      terpene: tally(keptBy('terpene').flatMap((o) => o.terpenes)),
      thc: sortedOf(keptBy('thc').map((o) => potency(o, o.thc))),
      cbd: sortedOf(keptBy('cbd').map((o) => potency(o, o.cbd))),
      price: sortedOf(keptBy('price').map((o) => o.paid)),
      sale: keptBy('sale').filter((o) => o.salePrice !== null).length,
      new: keptBy('new').filter((o) => o.isNew).length,
    },
  }
}

// A deterministic generator (mulberry32), so that every run draws the same combinations.
function seeded(seed: number) {
  let s = seed
  return () => {
    s = (s + 0x6d2b79f5) | 0
    let t = Math.imul(s ^ (s >>> 15), 1 | s)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** randomFilters chooses a few options among those the offers have (and one no offer has), bounds from the form's thresholds. */
function randomFilters(offers: readonly FacetOffer[], unit: PotencyUnit, random: () => number): FacetFilters {
  const pick = <T>(values: readonly T[], most: number) => values.filter(() => random() < most / Math.max(1, values.length))
  const present = <T>(values: T[]) => [...new Set(values)]
  const maybe = <T>(values: readonly T[]) => (random() < 0.35 ? (values[Math.floor(random() * values.length)] ?? null) : null)
  return {
    brands: pick([...present(offers.flatMap((o) => (o.brand === null ? [] : [o.brand]))), 'No Such Brand'], 2),
    strainTypes: pick(STRAIN_TYPES, 1),
    sizes: pick(present(offers.flatMap((o) => (o.sizeKey === null ? [] : [o.sizeKey]))), 1.5),
    terpenes: pick(present(offers.flatMap((o) => o.terpenes)), 1.5),
    thcMin: maybe(THRESHOLDS.thc[unit]),
    thcMax: maybe(THRESHOLDS.thc[unit]),
    cbdMin: maybe(THRESHOLDS.cbd[unit]),
    priceMin: maybe(THRESHOLDS.price),
    priceMax: maybe(THRESHOLDS.price),
    saleOnly: random() < 0.3,
    newOnly: random() < 0.2,
  }
}

function expectSameAsBruteForce(offers: readonly FacetOffer[], f: FacetFilters, unit: PotencyUnit) {
  const expected = bruteForce(offers, f, unit)
  const counts = countFacets(offers, f, unit)
  expect(keepFacets(offers, f, unit)).toEqual(expected.offers)
  expect({ ...counts, thc: [...counts.thc], cbd: [...counts.cbd], price: [...counts.price] }).toEqual({
    ...expected.counts,
    thc: [...expected.counts.thc],
    cbd: [...expected.counts.cbd],
    price: [...expected.counts.price],
  })
}

// Offers as publish writes them (publish's golden files of the Flower search, joined as Menus joins them).
const published = joinOffers(searchStores as SearchStores, [northeast as SearchShard, northwest as SearchShard], null)

/**
 * widened is the published offers copied count times with their figures varied, and some
 * offers of other kinds (no brand, no size, an edible in mg, a figure in another unit),
 * so that every facet has many options and every filter keeps some and leaves others.
 */
function widened(count: number, random: () => number): FacetOffer[] {
  const brands = ['Klutch', 'Grow Ohio', 'Galenas', 'Buckeye Relief', 'Firelands', null]
  const terpenes = ['myrcene', 'limonene', 'caryophyllene', 'pinene', 'linalool']
  const out: FacetOffer[] = []
  for (let i = 0; i < count; i++) {
    const base = published[i % published.length]!
    const edible = random() < 0.1
    const paid = Math.round(random() * 250 * 100) / 100
    out.push({
      ...base,
      category: edible ? 'Edible' : base.category,
      brand: brands[Math.floor(random() * brands.length)]!,
      strainType: random() < 0.15 ? null : STRAIN_TYPES[Math.floor(random() * 3)]!,
      sizeKey:
        random() < 0.1 ? null : edible ? `${[10, 100, 200][Math.floor(random() * 3)]}mg` : ['1g', '3.5g', '7g', '28g'][Math.floor(random() * 4)]!,
      terpenes: terpenes.filter(() => random() < 0.3),
      thc: random() < 0.1 ? null : edible ? Math.round(random() * 1000) : Math.round(random() * 950) / 10,
      cbd: random() < 0.6 ? null : Math.round(random() * 300) / 10,
      potencyUnit: edible ? 'mg' : random() < 0.05 ? 'mg' : random() < 0.1 ? null : '%',
      // Prices repeat (ties in the sorted values); a free offer is still an offer.
      paid: random() < 0.2 ? 40 : paid,
      salePrice: random() < 0.25 ? paid : null,
      isNew: random() < 0.15,
    })
  }
  return out
}

describe('the indexed filters with counts', () => {
  it('read the published offers', () => {
    expect(published.length).toBeGreaterThan(3)
    expect(new Set(published.map((o) => o.brand)).size).toBeGreaterThan(1)
  })

  it('keep and count as the plain rule does over the published offers, under random filters', () => {
    const random = seeded(7)
    for (let run = 0; run < 200; run++) expectSameAsBruteForce(published, randomFilters(published, '%', random), '%')
  })

  it('keep and count as the plain rule does over thousands of offers, under random filters and either unit', () => {
    const random = seeded(40)
    const offers = widened(1500, random)
    for (let run = 0; run < 80; run++) {
      const unit = run % 3 === 0 ? 'mg' : '%'
      expectSameAsBruteForce(offers, randomFilters(offers, unit, random), unit)
    }
  })

  it('keep the list itself when no filter is chosen, and every offer counts', () => {
    const offers = widened(500, seeded(3))
    expect(keepFacets(offers, NO_FACETS, '%')).toBe(offers)
    expectSameAsBruteForce(offers, NO_FACETS, '%')
  })

  it('keep nothing for an option no offer has, and count the other options over the rest', () => {
    const offers = widened(500, seeded(5))
    const f = { ...NO_FACETS, brands: ['No Such Brand'], saleOnly: true }
    expect(keepFacets(offers, f, '%')).toEqual([])
    expect(countFacets(offers, f, '%').brand.get('Klutch')).toBe(offers.filter((o) => o.brand === 'Klutch' && o.salePrice !== null).length)
    expectSameAsBruteForce(offers, f, '%')
  })

  it('keep and count a part of a list (narrowedList) from the list’s own index, as they would a list of its own', () => {
    const random = seeded(11)
    const list = widened(1500, random)
    const unit = '%'
    for (let run = 0; run < 40; run++) {
      // A part as a text search keeps it: some offers of the list, in its order.
      const share = [0.05, 0.5, 0.95][run % 3]!
      const kept = emptyBits(list.length)
      list.forEach((_, i) => random() < share && setBit(kept, i))
      const part = narrowedList(list, kept)
      expect(part).toEqual(list.filter((_, i) => hasBit(kept, i)))
      const f = run === 0 ? NO_FACETS : randomFilters(list, unit, random)
      expectSameAsBruteForce(part, f, unit)
    }
    const none = narrowedList(list, emptyBits(list.length))
    expect(keepFacets(none, { ...NO_FACETS, saleOnly: true }, unit)).toEqual([])
    expect(countFacets(none, NO_FACETS, unit).sale).toBe(0)
  })

  it('keep and count as the plain rule does over a list whose ranges are sorted in several runs', () => {
    // More offers than a sort's run (lib/sliced-work.ts sortSteps): the ranges are merged.
    const random = seeded(17)
    const offers = widened(9_000, random)
    for (let run = 0; run < 6; run++) expectSameAsBruteForce(offers, run === 0 ? NO_FACETS : randomFilters(offers, '%', random), '%')
  })
})

describe('facetIndexJob', () => {
  const unitOf = (o: FacetOffer) => o.potencyUnit ?? potencyUnitFor(o.category)

  it('is done at once for a small list, with the index the filters read', () => {
    const offers = widened(500, seeded(21))
    const job = facetIndexJob(offers, '%', unitOf)
    expect(job.done).toBe(facetIndexOf(offers, '%', unitOf))
  })

  it('builds a large list’s index in steps, the index built at once, and keeps it for the filters', () => {
    const offers = widened(6_000, seeded(23))
    const job = facetIndexJob(offers, 'mg', unitOf)
    expect(job.done).toBeUndefined()
    const index = runSteps(job.steps())
    expect(index).toEqual(buildFacetIndex(offers, 'mg', unitOf))
    job.finished?.(index)
    expect(facetIndexOf(offers, 'mg', unitOf)).toBe(index)
    expect(facetIndexJob(offers, 'mg', unitOf).done).toBe(index)
  })

  it('is not built for keeping offers when no filter is chosen', () => {
    const offers = widened(6_000, seeded(29))
    expect(keepFacets(offers, NO_FACETS, '%')).toBe(offers)
    expect(facetIndexJob(offers, '%', unitOf).done).toBeUndefined()
  })
})
