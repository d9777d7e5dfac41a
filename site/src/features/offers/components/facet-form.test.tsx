import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { NO_FACETS, type OptionCounts } from '../lib/facets'
import { FacetForm } from './facet-form'

const counts: OptionCounts = {
  brand: new Map([
    ['Klutch', 4],
    ['Grow Ohio', 1],
  ]),
  strainType: new Map([['hybrid', 5]]),
  size: new Map([['3.5g', 5]]),
  terpene: new Map([['myrcene', 3]]),
  sale: 1,
  new: 0,
}

const labels = (group: string) =>
  within(screen.getByRole('group', { name: group }))
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')!.textContent)

describe('FacetForm', () => {
  it('keeps the last counts’ options, without their numbers, while they are counted again', () => {
    const noop = () => {}
    const { rerender } = render(<FacetForm filters={NO_FACETS} counts={counts} unit="%" onChange={noop} />)
    expect(labels('Brand')).toEqual(['Klutch (4)', 'Grow Ohio (1)'])
    rerender(<FacetForm filters={{ ...NO_FACETS, brands: ['Grow Ohio'] }} counts={null} unit="%" onChange={noop} />)
    expect(labels('Brand')).toEqual(['Klutch', 'Grow Ohio'])
    expect(labels('Size')).toEqual(['⅛ oz'])
    expect(labels('Terpene')).toEqual(['Myrcene'])
  })

  it('shows no option lists before any counts', () => {
    render(<FacetForm filters={NO_FACETS} counts={null} unit="%" onChange={() => {}} />)
    expect(screen.queryByRole('group', { name: 'Brand' })).toBeNull()
  })
})
