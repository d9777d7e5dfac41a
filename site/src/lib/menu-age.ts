/**
 * formatAge says how long ago a time was, for a menu's last update: "just now",
 * "25 min ago", "3 h ago", "2 days ago"; "never" when there is no time. Pure:
 * the caller passes now (useNow), so tests fix it.
 */
export function formatAge(ms: number | null, nowMs: number): string {
  if (ms === null || !Number.isFinite(ms)) return 'never'
  const minutes = Math.floor((nowMs - ms) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h ago`
  return `${Math.floor(hours / 24)} days ago`
}
