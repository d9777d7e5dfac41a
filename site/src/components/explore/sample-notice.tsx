/** SampleNotice labels data built from sample menus (the demo, the replay), so it is never taken for real prices. */
export function SampleNotice({ sample }: { sample: boolean | undefined }) {
  if (!sample) return null
  return (
    <p className="notice notice--info" role="note">
      <strong>Sample data:</strong> built from made-up demo menus, not from real Ohio dispensaries.
    </p>
  )
}
