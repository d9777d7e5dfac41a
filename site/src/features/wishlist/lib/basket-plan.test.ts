import { describe, expect, it } from 'vitest'
import { planBasket, planWithTax, type PlanItem, type PlanOffer, type PlanQuery } from './basket-plan'

// Baskets worked out by hand. The shopper is at Columbus's centre; one degree of
// latitude is 69.09 miles, so a store 0.0724° north is 5.0 miles away.
const NOW = Date.parse('2026-11-27T12:00:00Z')
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString()
const COLUMBUS = { latitude: 39.9862, longitude: -82.9855 }
const query: PlanQuery = { market: 'recreational', from: COLUMBUS, maxMiles: 25, nowMs: NOW }

// Stores by distance: Alpha at the centre, Beta 5 miles, Gamma 10 miles, Delta 20 miles, Faraway 50 miles.
const STORES = { alpha: 0, beta: 0.0724, gamma: 0.1448, delta: 0.2896, faraway: 0.724 } as const
type Slug = keyof typeof STORES

function offer(slug: Slug, price: number, more: Partial<PlanOffer> = {}): PlanOffer {
  return {
    slug,
    storeName: slug[0]!.toUpperCase() + slug.slice(1),
    city: 'Columbus',
    lat: COLUMBUS.latitude + STORES[slug],
    lng: COLUMBUS.longitude,
    market: 'recreational',
    price,
    salePrice: null,
    lastUpdate: hoursAgo(1),
    ...more,
  }
}
const item = (code: string, quantity: number, offers: PlanOffer[]): PlanItem => ({ code, name: code.toUpperCase(), quantity, offers })

// What each store of a plan buys: "alpha: x×2 $60.00".
const visits = (plan: { visits: { slug: string; purchases: { code: string; quantity: number; cents: number }[] }[] } | null) =>
  plan?.visits.map((v) => `${v.slug}: ${v.purchases.map((p) => `${p.code}×${p.quantity} ${p.cents}`).join(', ')}`)

describe('planBasket', () => {
  it('finds the cheapest single store, and a pair that beats it with its saving', () => {
    // x: 2 packages, y: 1. Alpha 2×30 + 20 = $80; Beta 2×25 + 25 = $75 (the single store);
    // Alpha and Beta together: x at Beta $50, y at Alpha $20 = $70, $5 less.
    const plan = planBasket([item('x', 2, [offer('alpha', 30), offer('beta', 25)]), item('y', 1, [offer('alpha', 20), offer('beta', 25)])], query)
    expect(plan.stores).toBe(2)
    expect(plan.single?.cents).toBe(7500)
    expect(visits(plan.single)).toEqual(['beta: x×2 5000, y×1 2500'])
    expect(plan.single?.visits[0]?.miles).toBeCloseTo(5.0, 1)
    expect(plan.pair?.cents).toBe(7000)
    expect(plan.pair?.savingCents).toBe(500)
    expect(visits(plan.pair)).toEqual(['alpha: y×1 2000', 'beta: x×2 5000'])
    expect(plan.partial).toBeNull()
    expect(plan.nowhere).toEqual([])
  })

  it('counts the sale price, not the struck regular price', () => {
    // Alpha: $40 on sale at $28 → 2 × 28 = $56; Beta $30 → $60.
    const plan = planBasket([item('x', 2, [offer('alpha', 40, { salePrice: 28 }), offer('beta', 30)])], query)
    expect(visits(plan.single)).toEqual(['alpha: x×2 5600'])
    expect(plan.single?.visits[0]?.purchases[0]?.unitCents).toBe(2800)
  })

  it('shows no pair when no two stores beat the best single one', () => {
    // Alpha $10 + $10 = $20; Beta $11 + $11. Any pair is at best $20 too: no pair.
    const plan = planBasket([item('x', 1, [offer('alpha', 10), offer('beta', 11)]), item('y', 1, [offer('alpha', 10), offer('beta', 11)])], query)
    expect(plan.single?.cents).toBe(2000)
    expect(plan.pair).toBeNull()
  })

  it('breaks ties by distance: the nearer store, and in a pair the nearer store for an item priced the same', () => {
    // Gamma (10 mi) and Beta (5 mi) both $40 for x: Beta, the nearer.
    const tie = planBasket([item('x', 1, [offer('gamma', 40), offer('beta', 40)])], query)
    expect(visits(tie.single)).toEqual(['beta: x×1 4000'])
    // Alpha: x $50 + y $5 + z $20 = $75; Gamma: x $30 + y $5 + z $30 = $65, the single store.
    // Together: x at Gamma $30, z at Alpha $20, and y, $5 at both, at Alpha (nearer): $55, $10 less.
    const plan = planBasket(
      [
        item('x', 1, [offer('alpha', 50), offer('gamma', 30)]),
        item('y', 1, [offer('alpha', 5), offer('gamma', 5)]),
        item('z', 1, [offer('alpha', 20), offer('gamma', 30)]),
      ],
      query,
    )
    expect(visits(plan.single)).toEqual(['gamma: x×1 3000, y×1 500, z×1 3000'])
    expect(visits(plan.pair)).toEqual(['alpha: y×1 500, z×1 2000', 'gamma: x×1 3000'])
    expect(plan.pair?.cents).toBe(5500)
    expect(plan.pair?.savingCents).toBe(1000)
  })

  it('ranks stores as far away as each other by name, then slug', () => {
    // Three stores at Beta's point, all $10: Aardvark first by name; of the two Zephyrs, slug beta-a.
    const same = (slug: string, storeName: string) => offer('beta', 10, { slug, storeName })
    const plan = planBasket(
      [item('x', 1, [same('beta-z', 'Zephyr'), same('beta-b', 'Zephyr'), same('beta-a', 'Zephyr'), same('beta', 'Aardvark')])],
      query,
    )
    expect(visits(plan.single)).toEqual(['beta: x×1 1000'])
    const zephyrs = planBasket([item('x', 1, [same('beta-z', 'Zephyr'), same('beta-b', 'Zephyr'), same('beta-a', 'Zephyr')])], query)
    expect(visits(zephyrs.single)).toEqual(['beta-a: x×1 1000'])
  })

  it('says which item no store has and plans the rest: the cheapest plan covering the most items', () => {
    // z is nowhere. x at Alpha $10 or Beta $12, y only at Beta $8: Beta alone covers x and y for $20,
    // Alpha + Beta for $18 (x at Alpha): the cheapest plan covering two of three.
    const plan = planBasket([item('x', 1, [offer('alpha', 10), offer('beta', 12)]), item('y', 1, [offer('beta', 8)]), item('z', 1, [])], query)
    expect(plan.single).toBeNull()
    expect(plan.pair).toBeNull()
    expect(plan.nowhere).toEqual([{ code: 'z', name: 'Z' }])
    expect(plan.partial?.covered).toBe(2)
    expect(plan.partial?.cents).toBe(1800)
    expect(plan.partial?.missing).toEqual([{ code: 'z', name: 'Z' }])
    expect(visits(plan.partial)).toEqual(['alpha: x×1 1000', 'beta: y×1 800'])
  })

  it('keeps to one store in the partial plan when a second saves nothing', () => {
    const plan = planBasket([item('x', 1, [offer('alpha', 10), offer('beta', 12)]), item('z', 1, [])], query)
    expect(visits(plan.partial)).toEqual(['alpha: x×1 1000'])
  })

  it('plans a pair when no single store has everything', () => {
    // x only at Alpha, y only at Delta (20 mi): the pair, with no single store to save against.
    const plan = planBasket([item('x', 1, [offer('alpha', 10)]), item('y', 3, [offer('delta', 7)])], query)
    expect(plan.single).toBeNull()
    expect(plan.pair?.cents).toBe(3100)
    expect(plan.pair?.savingCents).toBeNull()
    expect(plan.partial).toBeNull()
  })

  it('leaves out a store beyond the distance', () => {
    // Faraway (50 mi) is cheapest but outside 25 miles; within 60 miles it wins.
    const items = [item('x', 1, [offer('faraway', 5), offer('beta', 9)])]
    const near = planBasket(items, query)
    expect(near.stores).toBe(1)
    expect(visits(near.single)).toEqual(['beta: x×1 900'])
    expect(visits(planBasket(items, { ...query, maxMiles: 60 }).single)).toEqual(['faraway: x×1 500'])
  })

  it('keeps a stale menu and leaves out a missing one, judged at the time given', () => {
    // Beta's menu is 20 h old (stale, kept); Alpha's 40 h old (missing, left out) even though cheaper.
    const items = [item('x', 1, [offer('alpha', 5, { lastUpdate: hoursAgo(40) }), offer('beta', 9, { lastUpdate: hoursAgo(20) })])]
    expect(visits(planBasket(items, query).single)).toEqual(['beta: x×1 900'])
    // Never read: missing too.
    expect(planBasket([item('x', 1, [offer('alpha', 5, { lastUpdate: null })])], query).nowhere).toEqual([{ code: 'x', name: 'X' }])
    // Seen 30 hours earlier, Alpha's menu was 10 h old: current, and cheapest.
    expect(visits(planBasket(items, { ...query, nowMs: NOW - 30 * 3_600_000 }).single)).toEqual(['alpha: x×1 500'])
  })

  it('leaves out an offer out of stock and one in the other market', () => {
    const items = [item('x', 1, [offer('alpha', 5, { inStock: false }), offer('beta', 7, { market: 'medical' }), offer('gamma', 9)])]
    expect(visits(planBasket(items, query).single)).toEqual(['gamma: x×1 900'])
    expect(visits(planBasket(items, { ...query, market: 'medical' }).single)).toEqual(['beta: x×1 700'])
  })

  it('plans nothing for an empty basket or one of zero packages', () => {
    expect(planBasket([], query)).toEqual({ stores: 0, single: null, pair: null, partial: null, nowhere: [] })
    expect(planBasket([item('x', 0, [offer('alpha', 5)])], query)).toEqual({ stores: 0, single: null, pair: null, partial: null, nowhere: [] })
  })

  it('matches an exhaustive search over every store and pair on random baskets', () => {
    // A small seeded generator; each basket checked against plain enumeration of every plan.
    let seed = 7
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    const slugs = Object.keys(STORES).filter((s) => s !== 'faraway') as Slug[]
    for (let round = 0; round < 200; round++) {
      const items = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, k) =>
        item(
          `i${k}`,
          1 + Math.floor(random() * 3),
          slugs.filter(() => random() < 0.6).map((s) => offer(s, 1 + Math.floor(random() * 6))),
        ),
      )
      const plan = planBasket(items, query)
      const cost = (chosen: Slug[]) => {
        let cents = 0
        let covered = 0
        for (const it of items) {
          const prices = it.offers.filter((o) => chosen.includes(o.slug as Slug)).map((o) => o.price * 100 * it.quantity)
          if (prices.length) {
            covered++
            cents += Math.min(...prices)
          }
        }
        return { cents, covered }
      }
      const singles = slugs.map((s) => cost([s]))
      const pairs = slugs.flatMap((a, i) => slugs.slice(i + 1).map((b) => cost([a, b])))
      const full = (list: { cents: number; covered: number }[]) => Math.min(...list.filter((c) => c.covered === items.length).map((c) => c.cents))
      const bestSingle = full(singles)
      const bestPair = full(pairs)
      expect(plan.single?.cents ?? Infinity).toBe(bestSingle)
      expect(plan.pair?.cents ?? Infinity).toBe(bestPair < bestSingle ? bestPair : Infinity)
      if (plan.partial) {
        const all = [...singles, ...pairs]
        const most = Math.max(...all.map((c) => c.covered))
        expect(plan.partial.covered).toBe(most)
        expect(plan.partial.cents).toBe(Math.min(...all.filter((c) => c.covered === most).map((c) => c.cents)))
      } else if (plan.single === null && plan.pair === null) {
        expect(plan.stores).toBe(0)
      }
    }
  })

  it('judges each offer by its own menu time, though its store read another before', () => {
    // Alpha's x sits on a menu 40 h old (missing), its y on one 1 h old; the reverse order too.
    const plan = planBasket(
      [
        item('x', 1, [offer('alpha', 5, { lastUpdate: hoursAgo(40) }), offer('beta', 9)]),
        item('y', 1, [offer('alpha', 4), offer('beta', 6)]),
        item('z', 1, [offer('alpha', 3, { lastUpdate: hoursAgo(40) }), offer('beta', 8)]),
      ],
      query,
    )
    expect(visits(plan.single)).toEqual(['beta: x×1 900, y×1 600, z×1 800'])
    expect(visits(plan.pair)).toEqual(['alpha: y×1 400', 'beta: x×1 900, z×1 800'])
  })

  it('keeps a store’s cheapest offer when it lists an item twice', () => {
    const plan = planBasket([item('x', 2, [offer('alpha', 12), offer('alpha', 8, { salePrice: 7 }), offer('alpha', 9)])], query)
    expect(visits(plan.single)).toEqual(['alpha: x×2 1400'])
    expect(plan.single?.visits[0]?.purchases[0]?.offer.price).toBe(8)
  })

  it('matches an exhaustive search, ties and all, on baskets of many stores', () => {
    // 40 stores a mile apart, prices from a few values so that many plans cost the same: the
    // pruned search must find the same cost and, among equal plans, the same (nearest) stores.
    let seed = 11
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    const stores = Array.from({ length: 40 }, (_, s) => ({ slug: `s${String(s).padStart(2, '0')}`, lat: COLUMBUS.latitude + (s + 1) / 69.09 }))
    const at = (s: number, price: number): PlanOffer => ({
      slug: stores[s]!.slug,
      storeName: stores[s]!.slug,
      city: 'Columbus',
      lat: stores[s]!.lat,
      lng: COLUMBUS.longitude,
      market: 'recreational',
      price,
      salePrice: null,
      lastUpdate: hoursAgo(1),
    })
    const wide = { ...query, maxMiles: 100 }
    for (let round = 0; round < 60; round++) {
      const sold = 0.5 + random() / 2
      const items = Array.from({ length: 2 + Math.floor(random() * 6) }, (_, k) =>
        item(
          `i${k}`,
          1 + Math.floor(random() * 3),
          stores.flatMap((_, s) => (random() < sold ? [at(s, 5 + Math.floor(random() * 4))] : [])),
        ),
      )
      const plan = planBasket(items, wide)
      // Every store and pair, nearest first: the first of the cheapest wins.
      const costOf = (chosen: number[]) => {
        let cents = 0
        let covered = 0
        for (const it of items) {
          const prices = it.offers.filter((o) => chosen.some((s) => stores[s]!.slug === o.slug)).map((o) => o.price * 100 * it.quantity)
          if (prices.length) {
            covered++
            cents += Math.min(...prices)
          }
        }
        return { chosen, cents, covered }
      }
      const singles = stores.map((_, a) => costOf([a]))
      const pairs = stores.flatMap((_, a) => stores.slice(a + 1).map((_, k) => costOf([a, a + 1 + k])))
      const full = (list: ReturnType<typeof costOf>[]) => list.filter((c) => c.covered === items.length)
      const cheapest = (list: ReturnType<typeof costOf>[]) =>
        list.reduce<ReturnType<typeof costOf> | null>((best, c) => (!best || c.cents < best.cents ? c : best), null)
      const single = cheapest(full(singles))
      const pair = cheapest(full(pairs))
      const slugs = (p: { visits: { slug: string }[] } | null) => p?.visits.map((v) => v.slug) ?? null
      const names = (c: ReturnType<typeof costOf> | null) => c?.chosen.map((s) => stores[s]!.slug) ?? null
      expect(plan.single?.cents ?? null).toBe(single?.cents ?? null)
      expect(slugs(plan.single)).toEqual(names(single))
      const pairWins = pair && (!single || pair.cents < single.cents)
      expect(plan.pair?.cents ?? null).toBe(pairWins ? pair.cents : null)
      if (pairWins) expect(slugs(plan.pair)).toEqual(names(pair))
    }
  })
})

describe('planWithTax', () => {
  // Adult use pays the 10 % excise tax plus the store's county sales tax; medical the sales tax alone.
  // The pair of the first test: x at Beta $50.00, y at Alpha $20.00.
  const plan = planBasket([item('x', 2, [offer('alpha', 30), offer('beta', 25)]), item('y', 1, [offer('alpha', 20), offer('beta', 25)])], query).pair!
  const rates: Record<string, number | null> = { alpha: 8, beta: 7.25 }

  it('adds each store’s taxes to its share, to the cent, and sums them', () => {
    // Alpha (8 %): $20 × 1.18 = $23.60; Beta (7.25 %): $50 × 1.1725 = $58.625, $58.63. Total $82.23.
    expect(planWithTax(plan, 'recreational', (slug) => rates[slug] ?? null)).toEqual({ visits: [2360, 5863], cents: 8223, unknown: [] })
    // Medical: $20 × 1.08 = $21.60; $50 × 1.0725 = $53.625, $53.63. Total $75.23.
    expect(planWithTax(plan, 'medical', (slug) => rates[slug] ?? null)).toEqual({ visits: [2160, 5363], cents: 7523, unknown: [] })
  })

  it('gives no total when a store’s rate is unknown, and names the store', () => {
    expect(planWithTax(plan, 'recreational', (slug) => (slug === 'beta' ? null : 8))).toEqual({
      visits: [2360, null],
      cents: null,
      unknown: ['Beta'],
    })
  })
})
