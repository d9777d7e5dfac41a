import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from '../testing/render'

// A build with a repository for feedback (VITE_FEEDBACK_REPOSITORY; the publish workflow
// sets it to its own repository): the feedback links open its issue forms, filled in.
vi.mock('../config/env', async (importOriginal) => {
  const original = await importOriginal<typeof import('../config/env')>()
  return { ...original, env: { ...original.env, feedbackRepository: 'ohiomc/omc', siteUrl: 'https://ohiomc.example' } }
})

const query = (href: string | null) => Object.fromEntries(new URL(href ?? '').searchParams)

describe('feedback through the repository’s issue forms', () => {
  it('offers every form on the Feedback page', async () => {
    renderApp('/feedback')
    const section = await screen.findByRole('region', { name: 'Tell us' })
    const links = within(section).getAllByRole('link', { name: /opens the project’s issue form/ })
    expect(links.map((a) => query(a.getAttribute('href')).template)).toEqual(['dispensary.yml', 'menu.yml', 'event.yml', 'feedback.yml'])
    for (const a of links) {
      expect(a.getAttribute('href')).toMatch(/^https:\/\/github\.com\/ohiomc\/omc\/issues\/new\?/)
      expect(a).toHaveAttribute('target', '_blank')
    }
    expect(screen.queryByText(/No feedback channel is set up/)).not.toBeInTheDocument()
  })

  it('puts the form a page sent the visitor for first, filled in', async () => {
    renderApp('/feedback?form=menu&store=Bloom%20Akron&market=Adult%20use&unknown=x')
    const section = await screen.findByRole('region', { name: 'Tell us' })
    const [first, second] = within(section).getAllByRole('link', { name: /opens the project’s issue form/ })
    expect(query(first!.getAttribute('href'))).toEqual({ template: 'menu.yml', store: 'Bloom Akron', market: 'Adult use' })
    expect(query(second!.getAttribute('href'))).toEqual({ template: 'dispensary.yml' })
  })

  it('reports a store page with the store, its markets, its menu and the snapshot’s time', async () => {
    // A link shared on Facebook: the page's address is reported without what the share added.
    renderApp('/dispensary-menus/bloom-akron?category=Flower&fbclid=IwAR0abc&utm_source=facebook')
    await screen.findByRole('heading', { level: 1, name: 'Bloom Akron' })
    const report = screen.getByRole('link', { name: /Report a problem/ })
    const fields = query(report.getAttribute('href'))
    expect(fields).toMatchObject({
      template: 'menu.yml',
      title: 'Menu: Bloom Akron',
      store: 'Bloom Akron, 737 E. North St., Akron',
      market: 'Adult use',
      menu: 'https://bloom.example/menu',
      page: 'https://ohiomc.example/dispensary-menus/bloom-akron?category=Flower',
    })
    expect(fields.snapshot).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(report).toHaveAttribute('target', '_blank')
  })

  it('reports a product page with the product, its code and the snapshot’s time', async () => {
    renderApp('/product/klutch-muul-fuel-flower-3-5g')
    await screen.findByRole('heading', { level: 1 })
    const fields = query(screen.getByRole('link', { name: /Report a problem/ }).getAttribute('href'))
    expect(fields.template).toBe('menu.yml')
    expect(fields.product).toMatch(/\(klutch-muul-fuel-flower-3-5g\)$/)
    expect(fields.page).toBe('https://ohiomc.example/product/klutch-muul-fuel-flower-3-5g')
    expect(fields.snapshot).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('opens the event form from the Events page', async () => {
    renderApp('/events')
    const link = await screen.findByRole('link', { name: /Tell us about an event/ })
    expect(query(link.getAttribute('href'))).toEqual({ template: 'event.yml' })
  })
})
