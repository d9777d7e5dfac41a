import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useFirstRowsPainted } from './use-menu-search'

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
