import { errorCode } from './auth-client'

// Toast texts for the provider's errors. docs/specification.md §8 fixes some, spelling and
// all; the spec leaves the others silent, which would leave a user stuck, so
// they get a clear message of their own.

/** SPEC_MESSAGES are docs/specification.md §8's texts, exactly as given. */
export const SPEC_MESSAGES = {
  emailInUse: 'Email already registered! Please try Sign in',
  tooManyRequests: 'Account disabled! Too many attempts!',
  wrongPassword: 'Password is wrong!',
  signUpNoUser: 'Error: Seomthing went wrong',
  signInNoUser: 'Something went wrong!',
  profileUpdateFailed: 'Failed to updated profile',
  signOutFailed: 'Failed to Sign out',
} as const

// One message for an unknown e-mail and a wrong e-mail/password pair: telling them
// apart would tell anyone which addresses have an account here.
const WRONG_CREDENTIALS = 'The e-mail or the password is wrong.'

const OTHER_MESSAGES: Record<string, string> = {
  'invalid-credential': WRONG_CREDENTIALS,
  'user-not-found': WRONG_CREDENTIALS,
  'user-disabled': 'This account has been disabled.',
  'network-request-failed': 'Could not reach the sign-in service. Check your connection and try again.',
  'requires-recent-login': 'For your security, please sign out and sign in again, then retry.',
  'weak-password': 'The password is too weak: use at least 6 characters.',
  'invalid-email': 'This e-mail address is not valid.',
  'missing-password': 'Please enter a password.',
  'too-many-requests': SPEC_MESSAGES.tooManyRequests,
}

function fallback(action: string, err: unknown): string {
  const code = errorCode(err)
  return code ? `${action} failed (${code}). Please try again.` : `${action} failed. Please try again.`
}

/** signUpMessage is the toast for a failed account creation. */
export function signUpMessage(err: unknown): string {
  const code = errorCode(err)
  if (code === 'email-already-in-use') return SPEC_MESSAGES.emailInUse
  return OTHER_MESSAGES[code] ?? fallback('Sign up', err)
}

/** signInMessage is the toast for a failed sign-in. */
export function signInMessage(err: unknown): string {
  const code = errorCode(err)
  if (code === 'wrong-password') return SPEC_MESSAGES.wrongPassword
  return OTHER_MESSAGES[code] ?? fallback('Sign in', err)
}

/** detailMessage explains a failed profile update or sign-out when the provider says why; '' otherwise. */
export function detailMessage(err: unknown): string {
  return OTHER_MESSAGES[errorCode(err)] ?? ''
}
