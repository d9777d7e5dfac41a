import { describe, expect, it } from 'vitest'
import { checkSignIn, checkSignUp } from './account-validation'

describe('account forms', () => {
  it('sign-in needs an e-mail address and a password', () => {
    expect(checkSignIn({ email: '', password: '' })).toEqual({
      email: 'Enter your e-mail address.',
      password: 'Enter your password.',
    })
    expect(checkSignIn({ email: 'name@', password: 'x' })).toEqual({ email: 'Enter an e-mail address like name@example.com.' })
    expect(checkSignIn({ email: ' name@example.com ', password: 'x' })).toEqual({})
  })

  it('sign-up needs a name, an e-mail address and 6 characters of password', () => {
    expect(checkSignUp({ displayName: ' ', email: 'a@b.co', password: '12345' })).toEqual({
      displayName: 'Enter a display name.',
      password: 'Use at least 6 characters.',
    })
    expect(checkSignUp({ displayName: 'x'.repeat(61), email: 'a@b.co', password: '123456' })).toEqual({
      displayName: 'Use at most 60 characters.',
    })
    expect(checkSignUp({ displayName: 'Buckeye', email: 'a@b.co', password: '123456' })).toEqual({})
  })
})
