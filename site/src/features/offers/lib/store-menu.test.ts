import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import menuFixture from '@/testing/fixtures/shop/menus-bloom-akron.json'
import { menuSchema, type Menu } from '../api/shop-schemas'
import { firstRowsOf, storeOffersOf } from './store-menu'

// publish's golden menu of Bloom Akron (publish/testdata/menus-bloom-akron.golden.json).
const menu: Menu = v.parse(menuSchema, menuFixture)

describe('storeOffersOf', () => {
  it('joins each offer to its product, its order link and its unit price', () => {
    const rows = storeOffersOf(menu)
    expect(rows).toHaveLength(5)
    const byName = new Map(rows.map((r) => [r.name, r]))
    expect(byName.get('Muul Fuel')).toMatchObject({
      key: 'recreational|klutch-muul-fuel-flower-3-5g|3.5g#1',
      brand: 'Klutch',
      category: 'Flower',
      market: 'recreational',
      size: '3.5g',
      price: 45,
      salePrice: 36,
      paid: 36,
      unitPrice: 10.29,
      unit: 'g',
      thc: 24.1,
      potencyUnit: '%',
      isNew: false,
      inStock: true,
      strainType: 'indica',
      terpenes: ['myrcene', 'limonene'],
      orderUrl: 'https://www.iheartjane.com/stores/1/bloom-akron/products/fuel/muul-fuel',
      lastUpdate: '2026-07-01T10:00:00Z',
    })
    // Without a product page of its own, an offer links to the menu's page.
    expect(byName.get('Gelato 41')?.orderUrl).toBe('https://bloom.example/menu')
    expect(byName.get('Sold Out Kush')).toMatchObject({ inStock: false, brand: null })
    // An edible's unit price is per 100 mg of THC.
    expect(byName.get('Camino Gummies')).toMatchObject({ unitPrice: 20, unit: '100mg', thc: 100, potencyUnit: 'mg', isNew: true })
  })

  it('gives each market its own prices and link base for a product written once', () => {
    const [rec] = menu.markets
    const medical = {
      ...rec!,
      market: 'medical' as const,
      orderUrlBase: 'http://',
      offers: { ...rec!.offers, price: rec!.offers.price.map((p) => p - 1), salePrice: rec!.offers.salePrice.map(() => null) },
    }
    const rows = storeOffersOf({ ...menu, markets: [rec!, medical] })
    const fuel = rows.filter((r) => r.name === 'Muul Fuel')
    expect(fuel.map((r) => [r.market, r.paid, r.orderUrl])).toEqual([
      ['recreational', 36, 'https://www.iheartjane.com/stores/1/bloom-akron/products/fuel/muul-fuel'],
      ['medical', 44, 'http://www.iheartjane.com/stores/1/bloom-akron/products/fuel/muul-fuel'],
    ])
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length)
  })
})

const group = (category: string, n: number) => ({ category, offers: Array.from({ length: n }, (_, i) => `${category} ${i}`) })

describe('firstRowsOf', () => {
  it('keeps the first types whole, cuts the one that reaches the limit and leaves out the rest', () => {
    const first = firstRowsOf([group('Flower', 12), group('Vape', 15), group('Edible', 4)], 20)
    expect(first.map((g) => [g.category, g.offers.length])).toEqual([
      ['Flower', 12],
      ['Vape', 8],
    ])
    expect(first[1]!.offers).toEqual(['Vape 0', 'Vape 1', 'Vape 2', 'Vape 3', 'Vape 4', 'Vape 5', 'Vape 6', 'Vape 7'])
  })

  it('gives every group as it is when they hold no more than the limit', () => {
    const groups = [group('Flower', 5), group('Edible', 15)]
    const first = firstRowsOf(groups, 20)
    expect(first).toEqual(groups)
    expect(first[0]).toBe(groups[0])
  })

  it('gives nothing for no groups or a limit of 0', () => {
    expect(firstRowsOf([], 20)).toEqual([])
    expect(firstRowsOf([group('Flower', 3)], 0)).toEqual([])
  })
})
