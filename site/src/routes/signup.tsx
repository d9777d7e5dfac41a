import { AccountScreen } from '../features/accounts/components/account-screen'
import { SignUpForm } from '../features/accounts/components/sign-up-form'

/** SignUpRoute (/signup): display name, e-mail and password; then the profile. */
export default function SignUpRoute() {
  return (
    <AccountScreen screen="Sign Up" heading="Sign up">
      <SignUpForm />
    </AccountScreen>
  )
}
