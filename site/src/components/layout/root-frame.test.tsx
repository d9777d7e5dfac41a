import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { analytics } from '@/lib/analytics'
import { renderApp } from '@/testing/render'

describe('RootFrame', () => {
  it('sends a page view when the Growing Tool loads and on every navigation, and scrolls each navigation to the top', async () => {
    const pageView = vi.spyOn(analytics, 'pageView')
    const scrollTo = vi.spyOn(window, 'scrollTo')
    const user = userEvent.setup()
    renderApp('/growing-tool')
    await screen.findByRole('heading', { level: 1, name: 'Growing Tool' })
    expect(pageView.mock.calls).toEqual([['/growing-tool']])
    // The page the app starts on stays where the visitor may have scrolled it before the app took it over.
    expect(scrollTo).not.toHaveBeenCalled()
    await user.click(screen.getByRole('link', { name: 'Status' }))
    await screen.findByRole('heading', { level: 1, name: 'Dispensary Status' })
    expect(pageView.mock.calls).toEqual([['/growing-tool'], ['/dispensary-status']])
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0)
    expect(scrollTo).toHaveBeenCalledTimes(1)
  })
})
