import { PageTitle } from '../components/page-title'
import { Spinner } from '../components/spinner'
import { LimitRules } from '../features/shop/components/limits/limit-rules'
import { LimitsCalculator } from '../features/shop/components/limits/limits-calculator'
import { LIMITS_AS_OF } from '../features/shop/lib/ohio-limits'
import { useHydrated } from '../lib/local-store'

/** LimitsRoute (/dispensary-limits): Ohio's purchase limits, their sources, and a calculator. */
export default function LimitsRoute() {
  const hydrated = useHydrated()
  return (
    <>
      <PageTitle screen="Dispensary Limits" />
      <h1>Dispensary Limits</h1>
      <p className="notice notice--warning" role="note">
        <strong>Not legal advice.</strong> A plain-language summary of public reporting, with its sources; some rules are uncertain (listed below).
        Your dispensary's system has the final word on what you may buy. {LIMITS_AS_OF}
      </p>
      {hydrated ? <LimitsCalculator /> : <Spinner label="Loading the limits calculator" />}
      <LimitRules />
    </>
  )
}
