import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  addPackage,
  addTyped,
  basketStore,
  countProduct,
  DEFAULT_SETTINGS,
  parseBasket,
  plannedQuantityOf,
  quantityOf,
  removeLine,
  setQuantity,
  setSettings,
} from './basket'
import { limitItemOf } from './basket-limits'
import { OHIO_CITIES } from './ohio-cities'
import { toggleWish } from './wishlist'

const muul = { code: 'klutch-muul-fuel-flower-3-5g', name: 'Muul Fuel', size: '1/8oz', category: 'Flower' as const, grams: 3.5, mg: null, thc: 24.1 }
const gummy = { code: 'acme-gummies-100mg', name: 'Gummies', size: '100mg', category: 'Edible' as const, grams: null, mg: 100, thc: null }

let warn: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  window.localStorage.clear()
  basketStore.clear()
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => warn.mockRestore())

describe('the basket', () => {
  it('adds to what is there and keeps it in localStorage, versioned', () => {
    addTyped({ form: 'vape', amount: 1, thc: 80, label: 'Vape, 1 g at 80% THC' })
    countProduct(muul)
    countProduct(muul) // already there: still one package
    addPackage(gummy)
    addPackage(gummy)
    const stored = JSON.parse(window.localStorage.getItem('omc-basket')!)
    expect(stored.version).toBe(1)
    expect(stored.lines.map((l: { kind: string; id: number }) => `${l.kind} ${l.id}`)).toEqual(['typed 1', 'product 2', 'product 3'])
    // What a reload reads: the same basket.
    expect(parseBasket(stored)).toEqual({ lines: basketStore.get().lines, settings: DEFAULT_SETTINGS })
    expect(quantityOf(basketStore.get(), muul.code)).toBe(1)
    expect(quantityOf(basketStore.get(), gummy.code)).toBe(2)
    expect(warn).not.toHaveBeenCalled()
  })

  it('sets packages between 0 (left out of the plan) and 99', () => {
    // A saved product the shopper has not set counts once in the plan.
    expect(quantityOf(basketStore.get(), muul.code)).toBe(0)
    expect(plannedQuantityOf(basketStore.get(), muul.code)).toBe(1)
    setQuantity(muul, 3)
    expect(quantityOf(basketStore.get(), muul.code)).toBe(3)
    expect(plannedQuantityOf(basketStore.get(), muul.code)).toBe(3)
    setQuantity(muul, 500)
    expect(quantityOf(basketStore.get(), muul.code)).toBe(99)
    setQuantity(muul, 0)
    // Left out by the shopper: a line of none, which a reload reads as such.
    expect(plannedQuantityOf(basketStore.get(), muul.code)).toBe(0)
    expect(parseBasket(JSON.parse(window.localStorage.getItem('omc-basket')!)).lines).toEqual(basketStore.get().lines)
    removeLine(basketStore.get().lines[0]!.id)
    expect(basketStore.get().lines).toEqual([])
    addTyped({ form: 'flower', amount: 2.83, thc: 18, label: 'Flower' })
    removeLine(basketStore.get().lines[0]!.id)
    expect(basketStore.get().lines).toEqual([])
  })

  it('leaves the basket when the product leaves the wishlist', () => {
    toggleWish({ ...muul, brand: 'Klutch' })
    setQuantity(muul, 2)
    toggleWish({ ...muul, brand: 'Klutch' })
    expect(basketStore.get().lines).toEqual([])
  })

  it('counts packages by their size against the limits', () => {
    // 4 packages of 3.5 g at 24.1%: 14 g of flower. 3 packages of 100 mg gummies: 300 mg of THC.
    expect(limitItemOf({ kind: 'product', id: 1, ...muul, quantity: 4 })).toEqual({
      id: 1,
      form: 'flower',
      amount: 14,
      thc: 24.1,
      label: '4 × Muul Fuel (1/8oz)',
    })
    expect(limitItemOf({ kind: 'product', id: 2, ...gummy, quantity: 3 })).toMatchObject({ form: 'edible', amount: 300 })
    // No weight known, or a type no limit counts: not counted.
    expect(limitItemOf({ kind: 'product', id: 3, ...muul, grams: null, quantity: 1 })).toBeNull()
    expect(limitItemOf({ kind: 'product', id: 4, ...muul, category: 'Other', quantity: 1 })).toBeNull()
  })

  it('starts from Columbus as the city list places it', () => {
    const columbus = OHIO_CITIES.find((c) => c.city === 'Columbus')!
    expect(DEFAULT_SETTINGS.place).toEqual({ name: columbus.city, latitude: columbus.lat, longitude: columbus.lng })
  })

  it('keeps the planner settings, a bad one falling back alone', () => {
    setSettings({ market: 'medical', miles: 50 })
    const stored = JSON.parse(window.localStorage.getItem('omc-basket')!)
    expect(parseBasket(stored).settings).toEqual({ ...DEFAULT_SETTINGS, market: 'medical', miles: 50 })
    expect(parseBasket({ ...stored, settings: { market: 'bulk', miles: -3, place: { name: 'X', latitude: 41, longitude: -81 } } }).settings).toEqual({
      ...DEFAULT_SETTINGS,
      place: { name: 'X', latitude: 41, longitude: -81 },
    })
    expect(warn).not.toHaveBeenCalled()
  })

  it.each([
    ['not JSON', '{lines: ['],
    ['not an object', '[]'],
    ['another version', JSON.stringify({ version: 2, lines: [] })],
    ['no version', JSON.stringify({ lines: [] })],
    ['a line with fewer than no packages', JSON.stringify({ version: 1, lines: [{ kind: 'product', id: 1, ...muul, quantity: -1 }] })],
    ['a line of an unknown kind', JSON.stringify({ version: 1, lines: [{ kind: 'gift', id: 1 }] })],
    [
      'a typed line with a bad form',
      JSON.stringify({ version: 1, lines: [{ kind: 'typed', id: 1, form: 'tea', amount: 1, thc: null, label: 'x' }] }),
    ],
  ])('reads %s as an empty basket, with a warning', async (_, text) => {
    window.localStorage.setItem('omc-basket', text)
    // A fresh module, as a reload reads it.
    vi.resetModules()
    const fresh = await import('./basket')
    expect(fresh.basketStore.get().lines).toEqual([])
    expect(fresh.basketStore.get().settings).toEqual(DEFAULT_SETTINGS)
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^basket: the stored basket \(localStorage omc-basket\) was left out: /))
  })
})
