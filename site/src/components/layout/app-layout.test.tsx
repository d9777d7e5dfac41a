import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { LOADING_TEXT } from '@/config/early-data'
import { DEFAULT_THEME_SETTINGS, THEME_STORAGE_KEY } from '@/lib/theme-settings'
import { changeMedia, installMatchMedia } from '@/testing/media'
import { renderApp } from '@/testing/render'

const stored = () => JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? '{}')

describe('sidebar', () => {
  it('has the spec groups and links', async () => {
    renderApp('/introduction')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    const groups = Object.fromEntries(
      within(nav)
        .getAllByRole('list')
        .map((list) => [
          list.getAttribute('aria-labelledby')?.replace('nav-', ''),
          within(list)
            .getAllByRole('link')
            .map((link) => `${link.textContent} ${link.getAttribute('href')}`),
        ]),
    )
    expect(groups).toEqual({
      dispensary: [
        'Menus /dispensary-menus',
        'Status /dispensary-status',
        'Deals /dispensary-deals',
        'Maps /dispensary-maps',
        'Wishlist /dispensary-wishlist',
        'Limits /dispensary-limits',
        'Trends /trends',
      ],
      resources: [
        'strain genetics /strain-genetics',
        'resources /resources',
        'events /events',
        'other maps /other-maps',
        'open price data /price-data',
      ],
      community: [
        'yearly highlights /yearly-highlights',
        'March Madness /march-madness',
        'social media /social',
        'chat /chat',
        'contribute /contribute',
      ],
      site: ['change log /change-log', 'feedback /feedback'],
    })
  })

  it('opens with the menu toggle on a small screen and closes on navigation', async () => {
    installMatchMedia({ narrow: true })
    const user = userEvent.setup()
    const { location } = renderApp('/introduction')
    const toggle = await screen.findByRole('button', { name: 'Open menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(screen.getByRole('button', { name: 'Close menu', expanded: true })).toBeInTheDocument()
    expect(stored().sidebar).toBe(true)
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'events' }))
    await screen.findByRole('heading', { level: 1, name: 'Events' })
    expect(location()?.pathname).toBe('/events')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false'))
    expect(stored().sidebar).toBe(false)
  })

  it('closes with Escape on a small screen', async () => {
    installMatchMedia({ narrow: true })
    const user = userEvent.setup()
    renderApp('/introduction')
    await user.click(await screen.findByRole('button', { name: 'Open menu' }))
    await user.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus()
  })

  it('stays open on navigation on a wide screen', async () => {
    const user = userEvent.setup()
    renderApp('/introduction')
    const toggle = await screen.findByRole('button', { name: 'Hide menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'events' }))
    await screen.findByRole('heading', { level: 1, name: 'Events' })
    expect(screen.getByRole('button', { name: 'Hide menu' })).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByRole('button', { name: 'Hide menu' }))
    expect(screen.getByRole('button', { name: 'Show menu' })).toHaveAttribute('aria-expanded', 'false')
  })
})

describe('theme toggle', () => {
  it('cycles light, dark, system, light and saves each choice', async () => {
    const user = userEvent.setup()
    renderApp('/introduction')
    const html = document.documentElement
    await user.click(await screen.findByRole('button', { name: 'Theme: Light. Switch to dark' }))
    expect(html).toHaveClass('dark')
    expect(stored().theme).toBe('dark')
    await user.click(screen.getByRole('button', { name: 'Theme: Dark. Switch to system' }))
    expect(stored().theme).toBe('system')
    expect(html).not.toHaveClass('dark') // the fake device prefers light
    await user.click(screen.getByRole('button', { name: 'Theme: System. Switch to light' }))
    expect(stored()).toEqual(DEFAULT_THEME_SETTINGS)
  })

  it('follows the device live in system mode', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ theme: 'system' }))
    renderApp('/introduction')
    await screen.findByRole('button', { name: 'Theme: System. Switch to light' })
    expect(document.documentElement).not.toHaveClass('dark')
    act(() => changeMedia({ dark: true }))
    expect(document.documentElement).toHaveClass('dark')
    act(() => changeMedia({ dark: false }))
    expect(document.documentElement).not.toHaveClass('dark')
  })

  it('restores stored settings at start', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ theme: 'dark', navbar: 'navbar-static', semidark: true }))
    renderApp('/introduction')
    await screen.findByRole('button', { name: 'Theme: Dark. Switch to system' })
    expect(document.documentElement).toHaveClass('dark')
    expect(document.documentElement.dataset.navbar).toBe('navbar-static')
    expect(document.documentElement.dataset.semidark).toBe('true')
  })
})

describe('while a screen’s code is on its way', () => {
  // Screens no other test of this file opens: their code is not loaded yet when these start.
  it('the screen the app started on says it is loading in the page’s words; a screen navigated to shows the spinner', async () => {
    const user = userEvent.setup()
    renderApp('/resources')
    // The words main.tsx and 404.html's early script put on the page before React took it over.
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(LOADING_TEXT)
    expect(screen.queryByRole('status', { name: 'Loading page' })).not.toBeInTheDocument()
    await screen.findByRole('heading', { level: 1, name: /resources/i })
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'change log' }))
    expect(await screen.findByRole('status', { name: 'Loading page' })).toBeInTheDocument()
    expect(screen.queryByText(LOADING_TEXT)).not.toBeInTheDocument()
    await screen.findByRole('heading', { level: 1, name: /change log/i })
  })
})
