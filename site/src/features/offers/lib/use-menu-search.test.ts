import { act, renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { useFirstRowsPainted, useMenuSearch } from './use-menu-search'

describe('useFirstRowsPainted', () => {
  it('is false until a frame has painted with the first results, then true while they stay', async () => {
    const { result, rerender } = renderHook(({ ready }) => useFirstRowsPainted(ready), { initialProps: { ready: false } })
    expect(result.current).toBe(false)
    rerender({ ready: true })
    // The render that shows the first results still renders only their first rows.
    expect(result.current).toBe(false)
    await waitFor(() => expect(result.current).toBe(true))
    rerender({ ready: true })
    expect(result.current).toBe(true)
  })

  it('starts again when the results go (another search loading)', async () => {
    const { result, rerender } = renderHook(({ ready }) => useFirstRowsPainted(ready), { initialProps: { ready: true } })
    await waitFor(() => expect(result.current).toBe(true))
    rerender({ ready: false })
    await waitFor(() => expect(result.current).toBe(false))
  })
})

describe('useMenuSearch', () => {
  const inRouter = ({ children }: { children: ReactNode }) => createElement(MemoryRouter, { initialEntries: ['/dispensary-menus'] }, children)
  const useSearchAndUrl = () => ({ ...useMenuSearch(), url: useLocation().search })

  it('keeps its handlers from render to render, so that the forms and options given them stay memoised', async () => {
    const { result, rerender } = renderHook(useSearchAndUrl, { wrapper: inRouter })
    const first = result.current
    rerender()
    expect(result.current.setFilters).toBe(first.setFilters)
    act(() => result.current.setFilters({ saleOnly: true }))
    await waitFor(() => expect(result.current.url).toContain('sale=1'))
    expect(result.current.setFilters).toBe(first.setFilters)
    expect(result.current.setSearch).toBe(first.setSearch)
    expect(result.current.setPage).toBe(first.setPage)
  })

  it('merges each change with the last one shown, and the URL carries both', async () => {
    const { result } = renderHook(useSearchAndUrl, { wrapper: inRouter })
    act(() => result.current.setFilters({ saleOnly: true }))
    expect(result.current.shown.filters.saleOnly).toBe(true)
    act(() => result.current.setFilters({ brands: ['Klutch'] }))
    expect(result.current.shown.filters).toMatchObject({ saleOnly: true, brands: ['Klutch'] })
    await waitFor(() => expect(result.current.url).toMatch(/brand=Klutch.*sale=1|sale=1.*brand=Klutch/))
    expect(result.current.state.filters).toMatchObject({ saleOnly: true, brands: ['Klutch'] })
    act(() => result.current.setPage(3))
    await waitFor(() => expect(result.current.url).toContain('page=3'))
    expect(result.current.url).toContain('sale=1')
  })
})
