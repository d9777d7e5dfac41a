/** snapshotKey is the SWR cache key of a snapshot (name: its path after /api/). */
export function snapshotKey(name: string): string {
  return `/api/${name}`
}
