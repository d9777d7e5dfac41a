import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakePush, NOW } from '@/testing/fake-push'
import { PUSH_STORAGE_KEY } from './push'
import { refreshPushOnStart, sitePush, turnOffPushAfterSignOut } from './push-setup'

const WEEK = 7 * 24 * 60 * 60 * 1000

describe('push at start-up', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('is off without configuration: nothing is loaded, asked or registered', async () => {
    expect(sitePush).toBeNull()
    const register = vi.fn()
    const requestPermission = vi.fn()
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } })
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission })
    await refreshPushOnStart()
    await turnOffPushAfterSignOut()
    expect(register).not.toHaveBeenCalled()
    expect(requestPermission).not.toHaveBeenCalled()
  })

  it('refreshes a token that is 7 days old, without a prompt', async () => {
    const f = fakePush({ permission: 'granted', stored: { token: 'old', savedAt: NOW - WEEK } })
    await refreshPushOnStart(f.env)
    expect(f.request).not.toHaveBeenCalled()
    expect(JSON.parse(f.storage.items.get(PUSH_STORAGE_KEY) ?? '')).toEqual({ token: 'token-new', savedAt: NOW })
  })

  it('keeps going when the refresh fails (retried at the next start)', async () => {
    const f = fakePush({ permission: 'granted', stored: { token: 'old', savedAt: NOW - WEEK } })
    f.client.getToken.mockRejectedValue(new Error('offline'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await expect(refreshPushOnStart(f.env)).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/token refresh failed/), expect.any(Error))
    expect(JSON.parse(f.storage.items.get(PUSH_STORAGE_KEY) ?? '')).toEqual({ token: 'old', savedAt: NOW - WEEK })
  })

  it('turns notifications off after signing out, and a failure there is only logged', async () => {
    const f = fakePush({ permission: 'granted', stored: { token: 'old', savedAt: NOW } })
    await turnOffPushAfterSignOut(f.env)
    expect(f.client.deleteToken).toHaveBeenCalledTimes(1)
    expect(f.storage.items.size).toBe(0)

    const g = fakePush({ permission: 'granted', stored: { token: 'old', savedAt: NOW } })
    g.client.deleteToken.mockRejectedValue(new Error('offline'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await expect(turnOffPushAfterSignOut(g.env)).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalled()
  })
})
