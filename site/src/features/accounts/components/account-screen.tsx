import type { ReactNode } from 'react'
import { PageTitle } from '@/components/page-title'
import { AuthGate } from './auth-gate'

/** AccountScreen is the frame of /signin, /signup and /profile: title, heading, and the content once sign-in can be used. */
export function AccountScreen({ screen, heading, children }: { screen: string; heading: string; children: ReactNode }) {
  return (
    <>
      <PageTitle screen={screen} />
      <h1>{heading}</h1>
      <AuthGate>{children}</AuthGate>
    </>
  )
}
