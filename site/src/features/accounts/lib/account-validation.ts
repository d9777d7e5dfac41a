// Checks the account forms make before calling the provider, so a visitor
// learns what to fix next to the field instead of from a failed request. The
// provider still has the last word (docs/specification.md §5).

/** MIN_PASSWORD_LENGTH is the provider's default minimum password length (docs/specification.md §5). */
export const MIN_PASSWORD_LENGTH = 6

/** MAX_DISPLAY_NAME_LENGTH keeps names readable in the top bar. */
export const MAX_DISPLAY_NAME_LENGTH = 60

export type FieldErrors<K extends string> = Partial<Record<K, string>>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function checkEmail(email: string): string | undefined {
  if (email.trim() === '') return 'Enter your e-mail address.'
  if (!EMAIL.test(email.trim())) return 'Enter an e-mail address like name@example.com.'
  return undefined
}

export function checkDisplayName(name: string): string | undefined {
  if (name.trim() === '') return 'Enter a display name.'
  if (name.trim().length > MAX_DISPLAY_NAME_LENGTH) return `Use at most ${MAX_DISPLAY_NAME_LENGTH} characters.`
  return undefined
}

/** checkSignIn checks the sign-in form; an empty result means it can be sent. */
export function checkSignIn({ email, password }: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {}
  const emailError = checkEmail(email)
  if (emailError) errors.email = emailError
  if (password === '') errors.password = 'Enter your password.'
  return errors
}

/** checkSignUp checks the sign-up form; an empty result means it can be sent. */
export function checkSignUp({
  displayName,
  email,
  password,
}: {
  displayName: string
  email: string
  password: string
}): FieldErrors<'displayName' | 'email' | 'password'> {
  const errors: FieldErrors<'displayName' | 'email' | 'password'> = {}
  const nameError = checkDisplayName(displayName)
  if (nameError) errors.displayName = nameError
  const emailError = checkEmail(email)
  if (emailError) errors.email = emailError
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = `Use at least ${MIN_PASSWORD_LENGTH} characters.`
  return errors
}
