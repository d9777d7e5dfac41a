import type { ReactNode } from 'react'

/**
 * SampleNotice says the data shown is sample data (the demo, the replay), so it is never
 * taken for real prices, or (children) for a real channel, event or vote.
 */
export function SampleNotice({ sample, children }: { sample: boolean | undefined; children?: ReactNode }) {
  if (!sample) return null
  return (
    <p className="notice notice--warning" role="note">
      <strong>Sample data:</strong> {children ?? 'these menus are made up for the demo, not real Ohio prices.'}
    </p>
  )
}
