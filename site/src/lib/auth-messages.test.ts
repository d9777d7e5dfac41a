import { describe, expect, it } from 'vitest'
import { detailMessage, signInMessage, signUpMessage } from './auth-messages'

const fail = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code })

describe('auth messages', () => {
  it.each([
    ['auth/email-already-in-use', 'Email already registered! Please try Sign in'],
    ['auth/too-many-requests', 'Account disabled! Too many attempts!'],
    ['auth/weak-password', 'The password is too weak: use at least 6 characters.'],
    ['auth/invalid-email', 'This e-mail address is not valid.'],
    ['auth/network-request-failed', 'Could not reach the sign-in service. Check your connection and try again.'],
    ['auth/operation-not-allowed', 'Sign up failed (operation-not-allowed). Please try again.'],
  ])('sign-up %s', (code, want) => {
    expect(signUpMessage(fail(code))).toBe(want)
  })

  it.each([
    ['auth/wrong-password', 'Password is wrong!'],
    ['auth/too-many-requests', 'Account disabled! Too many attempts!'],
    ['auth/invalid-credential', 'The e-mail or the password is wrong.'],
    ['auth/user-not-found', 'The e-mail or the password is wrong.'],
    ['auth/user-disabled', 'This account has been disabled.'],
  ])('sign-in %s', (code, want) => {
    expect(signInMessage(fail(code))).toBe(want)
  })

  it('does not tell whether an e-mail has an account', () => {
    expect(signInMessage(fail('auth/user-not-found'))).toBe(signInMessage(fail('auth/invalid-credential')))
  })

  it('an error without a code still says what failed', () => {
    expect(signInMessage(new Error('boom'))).toBe('Sign in failed. Please try again.')
  })

  it('explains a profile update needing a recent sign-in', () => {
    expect(detailMessage(fail('auth/requires-recent-login'))).toBe('For your security, please sign out and sign in again, then retry.')
    expect(detailMessage(new Error('boom'))).toBe('')
  })
})
