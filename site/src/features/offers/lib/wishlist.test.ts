import { beforeEach, describe, expect, it } from 'vitest'
import { changeSince, parseWishlist, recordVisit, toggleWish, wishlistStore } from './wishlist'

const item = {
  code: 'klutch-muul-fuel-flower-3-5g',
  name: 'Muul Fuel',
  brand: 'Klutch',
  category: 'Flower' as const,
  size: '3.5g',
  grams: 3.5,
  mg: null,
  thc: 24.1,
}

describe('wishlist changes since the last visit', () => {
  const seen = (stores: number, minPrice: number | null) => ({ at: '2026-06-30T12:00:00Z', stores, minPrice })
  it.each([
    [seen(0, null), { stores: 2, minPrice: 36 }, 'back-in-stock'],
    [seen(2, 40), { stores: 2, minPrice: 36 }, 'price-drop'],
    [seen(2, 36), { stores: 3, minPrice: 40 }, 'price-rise'],
    [seen(2, 36), { stores: 0, minPrice: null }, 'gone'],
    [seen(2, 36), null, 'gone'],
    [seen(2, 36), { stores: 1, minPrice: 36 }, null],
    [null, { stores: 1, minPrice: 36 }, null],
  ] as const)('%o then %o is %s', (before, now, expected) => {
    expect(changeSince(before, now)).toBe(expected)
  })
})

describe('wishlist store', () => {
  beforeEach(() => {
    window.localStorage.clear()
    wishlistStore.set([])
  })

  it('saves, records a visit and removes', () => {
    toggleWish(item, new Date('2026-07-01T12:00:00Z'))
    expect(JSON.parse(window.localStorage.getItem('omc-wishlist')!)).toEqual([{ ...item, addedAt: '2026-07-01T12:00:00.000Z', seen: null }])
    recordVisit(new Map([[item.code, { stores: 3, minPrice: 36 }]]), new Date('2026-07-01T13:00:00Z'))
    expect(wishlistStore.get()[0]!.seen).toEqual({ at: '2026-07-01T13:00:00.000Z', stores: 3, minPrice: 36 })
    toggleWish(item)
    expect(wishlistStore.get()).toEqual([])
  })

  it('keeps the good items of a damaged stored list', () => {
    expect(parseWishlist([{ code: 'Bad Code', name: 'x' }, { ...item, seen: { at: 5 } }, 'junk', { ...item }])).toEqual([
      { ...item, addedAt: '1970-01-01T00:00:00.000Z', seen: null },
    ])
    expect(parseWishlist({ not: 'a list' })).toEqual([])
  })
})
