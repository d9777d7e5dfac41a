import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { UpdatePrompt } from './update-prompt'

// A stand-in for workbox-window's Workbox: records listeners and calls.
const fake = vi.hoisted(() => ({
  listeners: new Map<string, () => void>(),
  skipWaiting: 0,
  registered: [] as string[],
}))
vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string) {
      fake.registered.push(url)
    }
    addEventListener(type: string, listener: () => void) {
      fake.listeners.set(type, listener)
    }
    messageSkipWaiting() {
      fake.skipWaiting++
    }
    register() {
      return Promise.resolve()
    }
  },
}))

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('service worker', () => {
  it('registers /sw.js and offers a reload when a new version waits', async () => {
    vi.stubEnv('PROD', true)
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true })
    const { registerServiceWorker } = await import('../lib/service-worker')
    render(<UpdatePrompt />)
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument()

    await registerServiceWorker()
    expect(fake.registered).toEqual(['/sw.js'])
    act(() => fake.listeners.get('waiting')?.())
    expect(screen.getByRole('status')).toHaveTextContent('A new version of this site is ready.')

    const reload = vi.fn()
    Object.defineProperty(window, 'location', { value: { ...window.location, reload }, configurable: true })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }))
    expect(fake.skipWaiting).toBe(1)
    expect(reload).not.toHaveBeenCalled() // only once the new worker controls the page
    fake.listeners.get('controlling')?.()
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
