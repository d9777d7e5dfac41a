import { describe, expect, it, vi } from 'vitest'
import { fakePush as fake, fakeWorker, memoryStorage, NOW, type FakePush as Fake } from '@/testing/fake-push'
import {
  MESSAGING_SW_SCOPE,
  MESSAGING_SW_URL,
  PUSH_STORAGE_KEY,
  PUSH_TOKEN_REFRESH_MS,
  PushError,
  pushErrorMessage,
  pushStatus,
  readPushToken,
  refreshPushToken,
  tokenDue,
  turnOffPush,
  turnOnPush,
  whenActive,
} from './push'

const DAY = 24 * 60 * 60 * 1000

const stored = (f: Fake) => JSON.parse(f.storage.items.get(PUSH_STORAGE_KEY) ?? 'null') as unknown

describe('the 7-day refresh rule', () => {
  it('is 7 days (docs/specification.md §9)', () => {
    expect(PUSH_TOKEN_REFRESH_MS).toBe(7 * DAY)
  })

  it.each([
    { age: 0, due: false },
    { age: DAY, due: false },
    { age: 7 * DAY - 1, due: false },
    { age: 7 * DAY, due: true },
    { age: 7 * DAY + 1, due: true },
    { age: 400 * DAY, due: true },
    // Saved with a clock that was ahead: the age is unknown, so it is refreshed.
    { age: -1000, due: true },
  ])('a token $age ms old is due: $due', ({ age, due }) => {
    expect(tokenDue({ token: 't', savedAt: NOW - age }, NOW)).toBe(due)
  })
})

describe('readPushToken', () => {
  it.each([
    ['nothing stored', undefined],
    ['not JSON', '{token'],
    ['no time', JSON.stringify({ token: 't' })],
    ['an empty token', JSON.stringify({ token: '', savedAt: NOW })],
    ['a time that is not a number', JSON.stringify({ token: 't', savedAt: '2026-11-23' })],
    ['null', 'null'],
  ])('finds no token in %s', (_, value) => {
    expect(readPushToken(memoryStorage(value === undefined ? {} : { [PUSH_STORAGE_KEY]: value }))).toBeNull()
  })

  it('finds no token where storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError')
      },
      setItem: () => {},
      removeItem: () => {},
    }
    expect(readPushToken(blocked)).toBeNull()
  })

  it('reads the token and its time', () => {
    expect(readPushToken(memoryStorage({ [PUSH_STORAGE_KEY]: JSON.stringify({ token: 'abc', savedAt: NOW }) }))).toEqual({
      token: 'abc',
      savedAt: NOW,
    })
  })
})

describe('turnOnPush', () => {
  it('asks permission, registers the messaging worker beside the offline one, and stores the token with its time', async () => {
    const f = fake()
    await expect(turnOnPush(f.env)).resolves.toEqual({ token: 'token-new', savedAt: NOW })
    expect(f.request).toHaveBeenCalledTimes(1)
    expect(f.register).toHaveBeenCalledWith('/firebase-messaging-sw.js', { scope: '/firebase-cloud-messaging-push-scope' })
    expect(MESSAGING_SW_URL).toBe('/firebase-messaging-sw.js')
    expect(f.client.getToken).toHaveBeenCalledWith(await f.register.mock.results[0]?.value)
    expect(stored(f)).toEqual({ token: 'token-new', savedAt: NOW })
    expect(pushStatus(f.env)).toBe('on')
  })

  it.each([
    { answer: 'denied' as const, message: /blocked for this site/ },
    { answer: 'default' as const, message: /did not get your permission/ },
  ])('stops when the visitor answers $answer, loading and registering nothing', async ({ answer, message }) => {
    const f = fake({ answer })
    await expect(turnOnPush(f.env)).rejects.toThrow(message)
    expect(f.loadClient).not.toHaveBeenCalled()
    expect(f.register).not.toHaveBeenCalled()
    expect(f.storage.items.size).toBe(0)
  })

  it('says the browser cannot when it has no service workers or notifications, without asking', async () => {
    for (const missing of ['serviceWorker', 'notifications'] as const) {
      const f = fake()
      const env = { ...f.env, [missing]: undefined }
      await expect(turnOnPush(env)).rejects.toThrow(/cannot receive push notifications/)
      expect(f.request).not.toHaveBeenCalled()
      expect(pushStatus(env)).toBe('unsupported')
    }
  })

  it('says the browser cannot when the SDK finds something missing', async () => {
    const f = fake()
    f.client.supported.mockResolvedValue(false)
    await expect(turnOnPush(f.env)).rejects.toThrow(/cannot receive push notifications/)
    expect(f.register).not.toHaveBeenCalled()
  })

  it('stores nothing when the token cannot be had, and says why', async () => {
    const f = fake()
    f.client.getToken.mockRejectedValue(
      Object.assign(new Error('Installations: Could not process request. Application offline.'), { code: 'installations/app-offline' }),
    )
    const failure = turnOnPush(f.env)
    await expect(failure).rejects.toBeInstanceOf(PushError)
    await expect(failure).rejects.toThrow('Could not reach the notification service. Check your connection and try again.')
    expect(f.storage.items.size).toBe(0)
    expect(pushStatus(f.env)).toBe('off')
  })

  it('says so when the worker does not install', async () => {
    const f = fake()
    f.register.mockRejectedValue(new TypeError('Failed to register a ServiceWorker: A bad HTTP response code (404) was received'))
    await expect(turnOnPush(f.env)).rejects.toThrow(/service worker did not install/)
    expect(f.client.getToken).not.toHaveBeenCalled()
  })

  it('says so when the SDK does not load', async () => {
    const f = fake()
    f.loadClient.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'))
    await expect(turnOnPush(f.env)).rejects.toThrow(/code did not load/)
  })
})

describe('whenActive', () => {
  const registration = (worker: ServiceWorker, where: 'installing' | 'waiting' | 'active') =>
    ({ installing: null, waiting: null, active: null, [where]: worker }) as unknown as ServiceWorkerRegistration

  it('waits for a new worker to be activated: getToken before then would find no active worker', async () => {
    const worker = fakeWorker('installing')
    let done = false
    const active = whenActive(registration(worker, 'installing')).then(() => {
      done = true
    })
    worker.to('installed')
    worker.to('activating')
    await Promise.resolve()
    expect(done).toBe(false)
    worker.to('activated')
    await active
    expect(done).toBe(true)
  })

  it('is at once for an active worker', async () => {
    await expect(whenActive(registration(fakeWorker('activated'), 'active'))).resolves.toBeUndefined()
  })

  it('fails for a worker that does not install, or takes too long', async () => {
    const broken = fakeWorker('installing')
    const failed = whenActive(registration(broken, 'installing'))
    broken.to('redundant')
    await expect(failed).rejects.toThrow('the worker failed to install')
    await expect(whenActive(registration(fakeWorker('installing'), 'installing'), 5)).rejects.toThrow(/not active after/)
  })

  it('turnOnPush asks for the token only once the messaging worker is active', async () => {
    const f = fake()
    const worker = fakeWorker('installing')
    f.register.mockResolvedValue(registration(worker, 'installing'))
    const on = turnOnPush(f.env)
    await vi.waitFor(() => expect(f.register).toHaveBeenCalled())
    await new Promise((r) => setTimeout(r, 10))
    expect(f.client.getToken).not.toHaveBeenCalled()
    worker.to('activated')
    await expect(on).resolves.toEqual({ token: 'token-new', savedAt: NOW })
  })
})

describe('pushErrorMessage', () => {
  it.each([
    [{ code: 'messaging/permission-blocked' }, /blocked for this site/],
    [{ code: 'messaging/unsupported-browser' }, /cannot receive push notifications/],
    [{ code: 'messaging/token-subscribe-failed' }, /refused the subscription/],
    [{ code: 'installations/request-failed' }, /did not register this device/],
    [new DOMException('Registration failed - permission denied', 'AbortError'), /private windows cannot/],
    [new DOMException('Registration failed - push service error', 'AbortError'), /push service did not answer/],
    [new TypeError('Failed to fetch'), /push service did not answer/],
    [{ code: 'messaging/invalid-vapid-key' }, /\(messaging\/invalid-vapid-key\)/],
    [new Error('odd'), /\(odd\)/],
  ])('%o', (err, message) => {
    expect(pushErrorMessage(err)).toMatch(message)
  })
})

describe('turnOffPush', () => {
  it('deletes the token and forgets it', async () => {
    const f = fake({ permission: 'granted', stored: { token: 'old', savedAt: NOW } })
    await turnOffPush(f.env)
    expect(f.client.deleteToken).toHaveBeenCalledTimes(1)
    expect(f.storage.items.size).toBe(0)
    expect(pushStatus(f.env)).toBe('off')
  })

  it('keeps the token when the service could not delete it, so the visitor can retry', async () => {
    const f = fake({ permission: 'granted', stored: { token: 'old', savedAt: NOW } })
    f.client.deleteToken.mockRejectedValue(new Error('offline'))
    await expect(turnOffPush(f.env)).rejects.toThrow('Could not turn off notifications (offline). Please try again.')
    expect(pushStatus(f.env)).toBe('on')
  })

  it('loads nothing when notifications are not on', async () => {
    const f = fake()
    await turnOffPush(f.env)
    expect(f.loadClient).not.toHaveBeenCalled()
  })
})

describe('refreshPushToken', () => {
  it('does nothing, and loads nothing, without a stored token', async () => {
    const f = fake({ permission: 'granted' })
    await expect(refreshPushToken(f.env)).resolves.toBe('off')
    expect(f.loadClient).not.toHaveBeenCalled()
    expect(f.request).not.toHaveBeenCalled()
  })

  it('leaves a token younger than 7 days alone', async () => {
    const f = fake({ permission: 'granted', stored: { token: 'old', savedAt: NOW - 7 * DAY + 1 } })
    await expect(refreshPushToken(f.env)).resolves.toBe('fresh')
    expect(f.loadClient).not.toHaveBeenCalled()
    expect(stored(f)).toEqual({ token: 'old', savedAt: NOW - 7 * DAY + 1 })
  })

  it('refreshes a token 7 days old and stores the new one with the new time, never asking permission', async () => {
    const f = fake({ permission: 'granted', stored: { token: 'old', savedAt: NOW - 7 * DAY } })
    await expect(refreshPushToken(f.env)).resolves.toBe('refreshed')
    expect(f.request).not.toHaveBeenCalled()
    expect(f.register).toHaveBeenCalledWith(MESSAGING_SW_URL, { scope: MESSAGING_SW_SCOPE })
    expect(f.client.getToken).toHaveBeenCalledTimes(1)
    expect(stored(f)).toEqual({ token: 'token-new', savedAt: NOW })
  })

  it('keeps the old token when the refresh fails, to try again at the next start', async () => {
    const f = fake({ permission: 'granted', stored: { token: 'old', savedAt: NOW - 8 * DAY } })
    f.client.getToken.mockRejectedValue(Object.assign(new Error('offline'), { code: 'installations/app-offline' }))
    await expect(refreshPushToken(f.env)).rejects.toBeInstanceOf(PushError)
    expect(stored(f)).toEqual({ token: 'old', savedAt: NOW - 8 * DAY })
  })

  it('forgets the token when the visitor has taken the permission back', async () => {
    const f = fake({ permission: 'granted', stored: { token: 'old', savedAt: NOW - 8 * DAY } })
    f.setPermission('denied')
    await expect(refreshPushToken(f.env)).resolves.toBe('revoked')
    expect(f.loadClient).not.toHaveBeenCalled()
    expect(f.storage.items.size).toBe(0)
    expect(pushStatus(f.env)).toBe('blocked')
  })
})
