import { AccountScreen } from '../features/accounts/components/account-screen'
import { SignInForm } from '../features/accounts/components/sign-in-form'

/** SignInRoute (/signin): e-mail and password; back to the page that asked for it, or the profile. */
export default function SignInRoute() {
  return (
    <AccountScreen screen="Sign In" heading="Sign in">
      <SignInForm />
    </AccountScreen>
  )
}
