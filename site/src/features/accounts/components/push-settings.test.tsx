import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PUSH_STORAGE_KEY } from '../lib/push'
import { fakePush, NOW } from '@/testing/fake-push'
import { Toaster } from '@/components/toaster'
import { PushSettings } from './push-settings'

function renderSettings(push: Parameters<typeof PushSettings>[0]['push']) {
  return render(
    <>
      <PushSettings push={push} />
      <Toaster />
    </>,
  )
}

describe('PushSettings', () => {
  it('says push is not set up, and offers nothing, without configuration', () => {
    renderSettings(null)
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument()
    expect(screen.getByText('Push notifications are not set up on this site.')).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('asks nothing until the visitor clicks, then turns notifications on', async () => {
    const f = fakePush()
    renderSettings(f.env)
    expect(f.request).not.toHaveBeenCalled()
    expect(f.register).not.toHaveBeenCalled()
    expect(f.loadClient).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }))
    expect(await screen.findByText('Notifications turned on')).toBeInTheDocument()
    expect(f.request).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('push-status')).toHaveTextContent(
      /Notifications are on in this browser\. Its subscription was renewed on .+; it is renewed every 7 days\./,
    )
    expect(JSON.parse(f.storage.items.get(PUSH_STORAGE_KEY) ?? '')).toEqual({ token: 'token-new', savedAt: NOW })

    await userEvent.click(screen.getByRole('button', { name: 'Turn off notifications' }))
    expect(await screen.findByText('Notifications turned off')).toBeInTheDocument()
    expect(f.client.deleteToken).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument()
  })

  it('shows why when turning on fails, and stays off', async () => {
    const f = fakePush({ answer: 'denied' })
    renderSettings(f.env)
    await userEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }))
    expect(await screen.findByText(/Notifications are blocked for this site\. Allow them/, { selector: '[role=alert] p' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('button', { name: /Turn on notifications/ })).not.toBeInTheDocument())
    expect(screen.getByText(/blocked for this site\. Allow them in your browser's site settings, then reload/)).toBeInTheDocument()
    expect(f.storage.items.size).toBe(0)
  })

  it('says so where the browser has no push', () => {
    const f = fakePush()
    renderSettings({ ...f.env, notifications: undefined })
    expect(screen.getByText(/This browser cannot receive push notifications/)).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('shows notifications on when a token is stored and permission stands', () => {
    const f = fakePush({ permission: 'granted', stored: { token: 'old', savedAt: NOW } })
    renderSettings(f.env)
    expect(screen.getByRole('button', { name: 'Turn off notifications' })).toBeInTheDocument()
  })
})
