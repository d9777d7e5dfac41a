import { describe, expect, it } from 'vitest'
import { firstRowsOf } from './store-menu'

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
