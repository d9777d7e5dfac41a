import { AfterHydration } from '../components/after-hydration'
import { PageTitle } from '../components/page-title'
import { LimitRules } from '../features/limits/components/limit-rules'
import { LimitsCalculator } from '../features/limits/components/limits-calculator'
import { LIMITS_AS_OF } from '../features/offers/lib/ohio-limits'

/** LimitsRoute (/dispensary-limits): Ohio's purchase limits, their sources, and a calculator. */
export default function LimitsRoute() {
  return (
    <>
      <PageTitle screen="Dispensary Limits" />
      <h1>Dispensary Limits</h1>
      <p className="notice notice--warning" role="note">
        <strong>Not legal advice.</strong> A plain-language summary of public reporting, with its sources; some rules are uncertain (listed below).
        Your dispensary's system has the final word on what you may buy. {LIMITS_AS_OF}
      </p>
      <AfterHydration loading="Loading the limits calculator">
        <LimitsCalculator />
      </AfterHydration>
      <LimitRules />
    </>
  )
}
