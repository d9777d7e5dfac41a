import { describe, expect, it } from 'vitest'
import { checkSavedProducts, readWatchedProduct } from './alert-check'
import type { Watch } from '@/features/offers/lib/alert-rules'
import { ALERTS_OFF, parseSettings, parseWatch, type AlertState } from '@/features/offers/lib/alert-store'
import productFixture from '@/testing/fixtures/shop/products-muul-fuel.json'

const NOW = Date.parse('2026-11-27T12:00:00Z')
const SETTINGS = { ...ALERTS_OFF, on: true, productsUrl: 'https://omc.test/api/products/', pagesUrl: 'https://omc.test/product/' }

const snapshot = (code: string, prices: number[]) => ({
  code,
  name: `Product ${code}`,
  size: '3.5g',
  sample: false,
  offers: prices.map((price, i) => ({
    storeName: `Store ${i}`,
    city: 'Akron',
    market: 'medical',
    price,
    salePrice: null,
    unitPrice: null,
    unit: null,
    lastUpdate: new Date(NOW - 3_600_000).toISOString(),
  })),
})

/** world is an in-memory stand-in for IndexedDB, the published files and the notifications. */
function world(codes: string[], files: Record<string, unknown>) {
  const state: AlertState = { settings: SETTINGS, codes, watch: {}, checkedAt: null }
  const shown: { title: string; tag: string; url: string }[] = []
  const fetched: string[] = []
  const check = () =>
    checkSavedProducts({
      read: async () => structuredClone(state),
      remember: async (watch: Record<string, Watch>, checkedAt: string) => {
        state.watch = watch
        state.checkedAt = checkedAt
      },
      fetchJson: async (url) => {
        fetched.push(url)
        const code = url.slice(SETTINGS.productsUrl.length)
        if (!(code in files)) return null
        if (files[code] instanceof Error) throw files[code]
        return files[code]
      },
      notify: async (notice, tag, url) => void shown.push({ title: notice.title, tag, url }),
      nowMs: NOW,
    })
  return { state, shown, fetched, files, check }
}

describe('checkSavedProducts', () => {
  it('records on the first check, alerts on a later change, once', async () => {
    const w = world(['a', 'b'], { a: snapshot('a', [50]), b: snapshot('b', []) })
    expect(await w.check()).toEqual({ checked: 2, alerts: 0, failed: [] })
    expect(w.state.watch).toEqual({ a: { inStock: true, reference: 5000 }, b: { inStock: false, reference: null } })
    expect(w.fetched).toEqual(['https://omc.test/api/products/a', 'https://omc.test/api/products/b'])

    w.files.a = snapshot('a', [60, 44])
    w.files.b = snapshot('b', [30])
    expect(await w.check()).toMatchObject({ alerts: 2 })
    expect(w.shown).toEqual([
      { title: 'Price drop: Product a', tag: 'omc-alert-a', url: 'https://omc.test/product/a' },
      { title: 'Back in stock: Product b', tag: 'omc-alert-b', url: 'https://omc.test/product/b' },
    ])
    // The same files again: nothing new.
    expect(await w.check()).toMatchObject({ alerts: 0 })
    expect(w.shown).toHaveLength(2)
  })

  it('does nothing while the alerts are off', async () => {
    const w = world(['a'], { a: snapshot('a', [50]) })
    w.state.settings = { ...SETTINGS, on: false }
    expect(await w.check()).toEqual({ checked: 0, alerts: 0, failed: [] })
    expect(w.fetched).toEqual([])
  })

  it('counts a product publish no longer writes (404) as out of stock', async () => {
    const w = world(['a'], { a: snapshot('a', [50]) })
    await w.check()
    delete w.files.a
    await w.check()
    expect(w.state.watch.a).toEqual({ inStock: false, reference: 5000 })
    w.files.a = snapshot('a', [55])
    await w.check()
    expect(w.shown.map((s) => s.title)).toEqual(['Back in stock: Product a'])
  })

  it('keeps what it knew of a product it could not read, names it, and checks the others', async () => {
    const w = world(['a', 'b'], { a: snapshot('a', [50]), b: snapshot('b', [20]) })
    await w.check()
    w.files.a = new Error('HTTP 503')
    w.files.b = { ...snapshot('b', [10]), offers: [{ storeName: 'X', city: 'Y', market: 'medical', price: 'ten' }] }
    const result = await w.check()
    expect(result.failed).toEqual(['a: HTTP 503', 'b: products/b: offers[0]: price "ten" is not a price'])
    expect(w.state.watch).toEqual({ a: { inStock: true, reference: 5000 }, b: { inStock: true, reference: 2000 } })
    // Readable again and cheaper: the change alerts now, from what was known.
    w.files.a = snapshot('a', [40])
    w.files.b = snapshot('b', [20])
    expect(await w.check()).toMatchObject({ alerts: 1, failed: [] })
    expect(w.shown.map((s) => s.title)).toEqual(['Price drop: Product a'])
  })

  it('forgets products no longer saved, and only records a newly saved one', async () => {
    const w = world(['a'], { a: snapshot('a', [50]), b: snapshot('b', [10]) })
    await w.check()
    w.state.codes = ['b']
    await w.check()
    expect(Object.keys(w.state.watch)).toEqual(['b'])
    expect(w.shown).toEqual([])
  })
})

describe('readWatchedProduct', () => {
  it('reads a product snapshot as publish writes it', () => {
    const p = readWatchedProduct(productFixture, productFixture.code)
    expect(p.offers.length).toBe(productFixture.offers.length)
    expect(p.offers[0]).toMatchObject({ storeName: productFixture.offers[0]!.storeName, price: productFixture.offers[0]!.price })
  })
  it('names the file and the problem', () => {
    expect(() => readWatchedProduct([], 'a')).toThrow('products/a: not a JSON object')
    expect(() => readWatchedProduct({ code: 'b', name: 'x', offers: [] }, 'a')).toThrow('products/a: code is "b"')
    expect(() => readWatchedProduct({ code: 'a', name: 'x', offers: [{ storeName: 'S', city: 'C', market: 'both', price: 1 }] }, 'a')).toThrow(
      'products/a: offers[0]: market "both" is not medical or recreational',
    )
  })
})

describe('the stored state', () => {
  it('falls back piece by piece and is off without the addresses it fetches from', () => {
    expect(
      parseSettings({ on: true, threshold: 500, productsUrl: 'https://omc.test/api/products/', pagesUrl: 'https://omc.test/product/' }),
    ).toMatchObject({
      on: true,
      threshold: 90,
    })
    expect(parseSettings({ on: true, productsUrl: 'javascript:alert(1)/', pagesUrl: 'https://omc.test/product/' }).on).toBe(false)
    expect(parseSettings('nonsense')).toEqual(ALERTS_OFF)
    expect(
      parseWatch({ a: { inStock: true, reference: 5000 }, 'B!': { inStock: true }, c: { inStock: 'yes' }, d: { inStock: false, reference: -1 } }),
    ).toEqual({
      a: { inStock: true, reference: 5000 },
      d: { inStock: false, reference: null },
    })
  })
})
