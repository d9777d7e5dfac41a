/** SampleNotice says the data shown is sample data (the demo, the replay), so it is never taken for real prices. */
export function SampleNotice({ sample }: { sample: boolean | undefined }) {
  if (!sample) return null
  return (
    <p className="notice notice--warning" role="note">
      <strong>Sample data:</strong> these menus are made up for the demo, not real Ohio prices.
    </p>
  )
}
