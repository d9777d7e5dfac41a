import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { createAppCache, swrOptions } from '../api/swr-options'

/** AppProviders wraps the app in what every screen needs: SWR with the app's retry and cache rules. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ ...swrOptions, provider: createAppCache }}>{children}</SWRConfig>
}
