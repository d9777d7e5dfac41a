import type { ReactNode } from 'react'
import { useHydrated } from '../lib/use-hydrated'
import { Spinner } from './spinner'

/**
 * AfterHydration shows children only once the page has hydrated, a spinner
 * labelled loading before (and in the pre-rendered HTML): for what depends on
 * this browser (its storage, the URL's query, a map or a chart).
 */
export function AfterHydration({ loading, children }: { loading: string; children: ReactNode }) {
  return useHydrated() ? children : <Spinner label={loading} />
}
