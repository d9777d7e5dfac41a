import { describe, expect, it } from 'vitest'
import { readProductView, storesInView } from './product-view'

const toledo = { latitude: 41.65, longitude: -83.54, place: 'Toledo' }

describe('product view', () => {
  it('takes the place from the URL before the remembered one', () => {
    const view = readProductView(new URLSearchParams('lat=39.9669&lng=-83.013&near=ZIP 43215&market=medical&sort=distance'), toledo, 'recreational')
    expect(view).toEqual({ point: { latitude: 39.9669, longitude: -83.013, place: 'ZIP 43215' }, market: 'medical', sort: 'distance' })
  })

  it('falls back to the last search remembered, and to price without a point', () => {
    expect(readProductView(new URLSearchParams(''), toledo, 'recreational')).toEqual({ point: toledo, market: 'recreational', sort: 'price' })
    expect(readProductView(new URLSearchParams('sort=distance&lat=0&lng=0'), null, 'both')).toEqual({ point: null, market: '', sort: 'price' })
    expect(readProductView(new URLSearchParams('market=both'), null, 'medical').market).toBe('')
  })

  it('orders by price paid or by distance, stores with no distance last', () => {
    const offer = (
      name: string,
      price: number,
      salePrice: number | null,
      distance: number | null,
      market: 'medical' | 'recreational' = 'recreational',
    ) => ({
      market,
      price,
      salePrice,
      store: { name, distance },
    })
    const offers = [offer('far', 30, null, 90), offer('sale', 50, 25, 40), offer('none', 20, null, null), offer('near', 45, null, 2, 'medical')]
    expect(storesInView(offers, { market: '', sort: 'price' }).map((o) => o.store.name)).toEqual(['none', 'sale', 'far', 'near'])
    expect(storesInView(offers, { market: '', sort: 'distance' }).map((o) => o.store.name)).toEqual(['near', 'sale', 'far', 'none'])
    expect(storesInView(offers, { market: 'medical', sort: 'price' }).map((o) => o.store.name)).toEqual(['near'])
  })
})
