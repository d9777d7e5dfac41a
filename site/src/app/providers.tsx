import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { createAppCache, swrOptions } from '../api/swr-options'

/**
 * AppProviders wraps the app in what every screen needs: SWR with the app's
 * retry and cache rules. fallback holds snapshots a pre-rendered page was
 * built with (SWR key → loaded snapshot), so the page hydrates with the same
 * content; SWR still asks for the latest right away.
 */
export function AppProviders({ children, fallback = {} }: { children: ReactNode; fallback?: Record<string, unknown> }) {
  return <SWRConfig value={{ ...swrOptions, provider: createAppCache, fallback }}>{children}</SWRConfig>
}
