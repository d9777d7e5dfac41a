import { vi } from 'vitest'
import { MESSAGING_SW_SCOPE, PUSH_STORAGE_KEY, type PushEnvironment } from '../features/accounts/lib/push'
import type { PushClient } from '../features/accounts/lib/push-client'

// A stand-in for the browser and the messaging SDK under src/lib/push.ts:
// permission answers, a service worker container and a client whose calls
// tests can check and make fail.

/** NOW is the fake clock's time. */
export const NOW = Date.UTC(2026, 10, 23, 12, 0, 0)

/** FakeWorker is a ServiceWorker stand-in whose state a test moves on with to(). */
export type FakeWorker = ServiceWorker & { to(state: ServiceWorkerState): void }

/** fakeWorker is a worker in state that tells its statechange listeners when to() moves it. */
export function fakeWorker(state: ServiceWorkerState): FakeWorker {
  const target = new EventTarget()
  const worker = Object.assign(target, {
    state,
    scriptURL: 'https://ohiomc.example/firebase-messaging-sw.js',
    to(next: ServiceWorkerState) {
      worker.state = next
      target.dispatchEvent(new Event('statechange'))
    },
  })
  return worker as unknown as FakeWorker
}

/** memoryStorage is a Storage stand-in that tests can read back. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

export type FakePush = {
  env: PushEnvironment
  storage: ReturnType<typeof memoryStorage>
  client: { supported: ReturnType<typeof vi.fn>; getToken: ReturnType<typeof vi.fn>; deleteToken: ReturnType<typeof vi.fn> }
  loadClient: ReturnType<typeof vi.fn>
  register: ReturnType<typeof vi.fn>
  request: ReturnType<typeof vi.fn>
  setPermission(p: NotificationPermission): void
}

export function fakePush({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  stored = undefined as { token: string; savedAt: number } | string | undefined,
  token = 'token-new',
  now = NOW,
} = {}): FakePush {
  let current = permission
  const storage = memoryStorage(stored === undefined ? {} : { [PUSH_STORAGE_KEY]: typeof stored === 'string' ? stored : JSON.stringify(stored) })
  const registration = {
    scope: `https://ohiomc.example${MESSAGING_SW_SCOPE}`,
    installing: null,
    waiting: null,
    active: fakeWorker('activated'),
  } as unknown as ServiceWorkerRegistration
  const client = {
    supported: vi.fn(async () => true),
    getToken: vi.fn(async () => token),
    deleteToken: vi.fn(async () => undefined),
  }
  const loadClient = vi.fn(async () => client as PushClient)
  const register = vi.fn(async () => registration)
  const request = vi.fn(async () => {
    current = answer
    return answer
  })
  return {
    env: {
      client: loadClient,
      serviceWorker: { register } as unknown as PushEnvironment['serviceWorker'],
      notifications: { permission: () => current, request },
      storage,
      now: () => now,
    },
    storage,
    client,
    loadClient,
    register,
    request,
    setPermission: (p) => {
      current = p
    },
  }
}
