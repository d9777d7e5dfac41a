import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AuthUser } from '../lib/auth-client'
import { FakeAuth } from '../testing/fake-auth'
import { renderApp } from '../testing/render'

function setup(path: string, auth = new FakeAuth(), onSignedOut?: () => Promise<void>) {
  const app = renderApp(path, { authClient: async () => auth, onSignedOut })
  return { auth, user: userEvent.setup(), ...app }
}

async function fill(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = within(form).getByLabelText(label)
    await user.clear(input)
    await user.type(input, value)
  }
}

async function signUp(user: ReturnType<typeof userEvent.setup>, name: string, email: string, password: string) {
  const form = await screen.findByRole('form', { name: 'Sign up' })
  await fill(user, form, { 'Display name': name, 'E-mail': email, Password: password })
  await user.click(within(form).getByRole('button', { name: 'Sign up' }))
}

async function signIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  const form = await screen.findByRole('form', { name: 'Sign in' })
  await fill(user, form, { 'E-mail': email, Password: password })
  await user.click(within(form).getByRole('button', { name: 'Sign in' }))
}

const toast = (text: string) => screen.findByText(text, { selector: '[role=alert] p, [role=status] p' })

function account(auth: FakeAuth, email = 'grower@example.com', password = 'secret-1', displayName = 'Grower') {
  auth.accounts.push({ uid: 'uid-existing', email, password, displayName })
  return auth
}

describe('accounts', () => {
  it.each(['/signin', '/signup', '/profile'])('%s says sign-in is not configured without Firebase settings', async (path) => {
    renderApp(path)
    expect(await screen.findByText(/Sign-in is not configured on this site/)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
  })

  it('signs up with a display name and shows it on the profile and in the top bar', async () => {
    const { user, location } = setup('/signup')
    await signUp(user, 'Buckeye Grower', 'new@example.com', 'secret-1')
    await waitFor(() => expect(location()?.pathname).toBe('/profile'))
    expect(await screen.findByTestId('profile-display-name')).toHaveTextContent('Buckeye Grower')
    expect(screen.getByText('new@example.com')).toBeInTheDocument()
    // This build has no push settings: the profile says so and offers no button.
    expect(screen.getByText('Push notifications are not set up on this site.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /notifications/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Account: Buckeye Grower' })).toBeInTheDocument()
  })

  it('says the e-mail is registered when signing up again', async () => {
    const { user } = setup('/signup', account(new FakeAuth()))
    await signUp(user, 'Someone', 'grower@example.com', 'secret-2')
    expect(await toast('Email already registered! Please try Sign in')).toBeInTheDocument()
  })

  it('shows the spec texts when the provider answers without a user or cannot set the name', async () => {
    const auth = new FakeAuth()
    auth.signUp = async () => null
    const { user } = setup('/signup', auth)
    await signUp(user, 'Someone', 'x@example.com', 'secret-1')
    expect(await toast('Error: Seomthing went wrong')).toBeInTheDocument()

    auth.signUp = FakeAuth.prototype.signUp
    auth.failNext('updateDisplayName', 'network-request-failed')
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(await toast('Error: Firebase: Error (auth/network-request-failed).')).toBeInTheDocument()
  })

  it('checks the sign-up form before calling the provider', async () => {
    const { auth, user } = setup('/signup')
    const form = await screen.findByRole('form', { name: 'Sign up' })
    await fill(user, form, { 'E-mail': 'not-an-address', Password: '123' })
    await user.click(within(form).getByRole('button', { name: 'Sign up' }))
    expect(within(form).getByLabelText('Display name')).toHaveAccessibleDescription('Enter a display name.')
    expect(within(form).getByLabelText('E-mail')).toHaveAccessibleDescription('Enter an e-mail address like name@example.com.')
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('Use at least 6 characters.')
    expect(auth.accounts).toHaveLength(0)
  })

  it('says the password is wrong, and that there are too many attempts', async () => {
    const { auth, user } = setup('/signin', account(new FakeAuth()))
    await signIn(user, 'grower@example.com', 'not-it')
    expect(await toast('Password is wrong!')).toBeInTheDocument()
    auth.failNext('signIn', 'too-many-requests')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await toast('Account disabled! Too many attempts!')).toBeInTheDocument()
    auth.signIn = async () => null
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await toast('Something went wrong!')).toBeInTheDocument()
  })

  it('sends a signed-out visitor from /profile to /signin and back after signing in', async () => {
    const { user, location } = setup('/profile', account(new FakeAuth()))
    await waitFor(() => expect(location()?.pathname).toBe('/signin'))
    await signIn(user, 'grower@example.com', 'secret-1')
    await waitFor(() => expect(location()?.pathname).toBe('/profile'))
    expect(await screen.findByTestId('profile-display-name')).toHaveTextContent('Grower')
  })

  it('updates the display name, and says so when it fails', async () => {
    const auth = account(new FakeAuth())
    auth.current = auth.accounts[0] ?? null
    const { user } = setup('/profile', auth)
    const form = await screen.findByRole('form', { name: 'Update profile' })
    await fill(user, form, { 'New display name': 'Canopy' })
    await user.click(within(form).getByRole('button', { name: 'Update profile' }))
    await waitFor(() => expect(screen.getByTestId('profile-display-name')).toHaveTextContent('Canopy'))
    expect(await toast('Profile updated')).toBeInTheDocument()

    auth.failNext('updateDisplayName', 'requires-recent-login')
    await fill(user, form, { 'New display name': 'Other' })
    await user.click(within(form).getByRole('button', { name: 'Update profile' }))
    const failed = await toast('Failed to updated profile')
    expect(failed.parentElement).toHaveTextContent('For your security, please sign out and sign in again, then retry.')
    expect(screen.getByTestId('profile-display-name')).toHaveTextContent('Canopy')
  })

  it('signs out from the account menu and lands on /signin; a failed sign-out says so', async () => {
    const auth = account(new FakeAuth())
    auth.current = auth.accounts[0] ?? null
    // Signing out also turns this browser's notifications off (push-setup.ts), before /signin.
    const signedOut = vi.fn(async () => {})
    const { user, location } = setup('/profile', auth, signedOut)
    const menu = await screen.findByRole('button', { name: 'Account: Grower' })
    auth.failNext('signOut', 'network-request-failed')
    await user.click(menu)
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await toast('Failed to Sign out')).toBeInTheDocument()
    expect(location()?.pathname).toBe('/profile')
    expect(signedOut).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(location()?.pathname).toBe('/signin'))
    expect(signedOut).toHaveBeenCalledTimes(1)
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument()
  })

  it('reports the user the provider remembers (the session persists)', async () => {
    const auth = account(new FakeAuth())
    auth.current = auth.accounts[0] ?? null
    const { location } = setup('/signin', auth)
    await waitFor(() => expect(location()?.pathname).toBe('/profile'))
    const shown: AuthUser | undefined = auth.accounts[0]
    expect(await screen.findByTestId('profile-display-name')).toHaveTextContent(shown?.displayName ?? '')
  })
})
