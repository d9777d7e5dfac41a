import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import listing from '../testing/fixtures/shop/open-data.json'
import dictionary from '../features/open-data/dictionary.json'
import queries from '../features/open-data/queries.json'
import { formatSize } from '../features/open-data/components/open-data-page'
import { renderApp } from '../testing/render'

describe('Open Price Data', () => {
  it('lists the files with sizes and rows, the dictionary, the licence and the queries naming the files', async () => {
    renderApp('/price-data')
    const files = await screen.findByRole('table', { name: 'The files of this publish' })
    // Real data (the fixture's sample is false) carries no sample notice; the demo's does (e2e/open-data.e2e.test.mjs).
    expect(screen.queryByText(/Sample data:/)).toBeNull()
    for (const f of [...listing.months, ...listing.index]) {
      const link = within(files).getByRole('link', { name: f.path.split('/').pop() })
      expect(link.getAttribute('href')).toBe(new URL(`/${f.path}`, window.location.href).href)
      const row = link.closest('tr') as HTMLElement
      expect(row).toHaveTextContent(formatSize(f.size))
    }
    expect(within(files).getByText('Price spells of 2026-05 (Parquet), this month so far')).toBeInTheDocument()
    expect(within(files).getByText('Price spells of 2026-03 (Parquet), final')).toBeInTheDocument()
    const columns = screen.getByRole('table', { name: 'Columns of the price history (every month file)' })
    const names = within(columns)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]?.textContent)
    expect(names).toEqual(dictionary.columns.map((c) => c.name))
    expect(screen.getByRole('link', { name: /CC BY 4\.0/ })).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/')
    for (const q of queries.queries) {
      const code = screen.getByRole('region', { name: `DuckDB query: ${q.title}` })
      if (q.sql.includes('{spells}')) expect(code).toHaveTextContent(new URL(`/${listing.months.at(-1)?.path ?? ''}`, window.location.href).href)
      if (q.sql.includes('{index_csv}')) expect(code).toHaveTextContent('price-index-weekly.csv')
    }
  })

  it('writes sizes in bytes, kB and MB', () => {
    expect([formatSize(812), formatSize(5577), formatSize(2_345_678)]).toEqual(['812 bytes', '5.6 kB', '2.3 MB'])
  })
})
