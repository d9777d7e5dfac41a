import type { AuthClient, AuthUser } from '../lib/auth-client'

type Account = { uid: string; email: string; password: string; displayName: string }

const fail = (code: string) => Object.assign(new Error(`Firebase: Error (auth/${code}).`), { code: `auth/${code}` })

/**
 * FakeAuth is an in-memory identity provider answering like Firebase Auth
 * (its error codes), for component tests; the browser tests use the real Auth
 * emulator. failNext makes the next call of an operation reject with a code.
 */
export class FakeAuth implements AuthClient {
  accounts: Account[] = []
  current: Account | null = null
  failures = new Map<keyof AuthClient, string>()
  private listeners = new Set<(user: AuthUser | null) => void>()

  failNext(operation: keyof AuthClient, code: string) {
    this.failures.set(operation, code)
  }

  private check(operation: keyof AuthClient) {
    const code = this.failures.get(operation)
    if (code) {
      this.failures.delete(operation)
      throw fail(code)
    }
  }

  private user(): AuthUser | null {
    return this.current ? { uid: this.current.uid, email: this.current.email, displayName: this.current.displayName } : null
  }

  private emit() {
    const user = this.user()
    this.listeners.forEach((listener) => listener(user))
  }

  onChange(listener: (user: AuthUser | null) => void) {
    this.listeners.add(listener)
    queueMicrotask(() => listener(this.user()))
    return () => {
      this.listeners.delete(listener)
    }
  }

  async signIn(email: string, password: string) {
    this.check('signIn')
    const account = this.accounts.find((a) => a.email === email)
    if (!account) throw fail('user-not-found')
    if (account.password !== password) throw fail('wrong-password')
    this.current = account
    this.emit()
    return this.user()
  }

  async signUp(email: string, password: string) {
    this.check('signUp')
    if (this.accounts.some((a) => a.email === email)) throw fail('email-already-in-use')
    if (password.length < 6) throw fail('weak-password')
    const account = { uid: `uid-${this.accounts.length + 1}`, email, password, displayName: '' }
    this.accounts.push(account)
    this.current = account
    this.emit()
    return this.user()
  }

  async updateDisplayName(displayName: string) {
    this.check('updateDisplayName')
    if (!this.current) throw fail('no-current-user')
    this.current.displayName = displayName
    return this.user() as AuthUser
  }

  async signOut() {
    this.check('signOut')
    this.current = null
    this.emit()
  }
}
