import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../testing/render'
import HomeRoute from './home'

// A build with a shop configured (the default build has none: see home.test.tsx).
vi.mock('../config/env', async (importOriginal) => {
  const original = await importOriginal<typeof import('../config/env')>()
  return { ...original, env: { ...original.env, merchUrl: 'https://shop.example/ohio' } }
})

describe('HomeRoute with a merchandise shop', () => {
  it('links to the shop from the intro panel', () => {
    renderWithProviders(<HomeRoute />)
    expect(screen.getByRole('link', { name: 'visit our merchandise shop' })).toHaveAttribute('href', 'https://shop.example/ohio')
  })
})
