import type * as v from 'valibot'
import { useSnapshot, type SnapshotResponse } from '@/api/use-snapshot'
import { contentSnapshots } from './content-schemas'

/** ContentName is a snapshot of the content feature: a community page (api/content/<name>, from data/content), brands or highlights. */
export type ContentName = keyof typeof contentSnapshots

/** useContent loads one of the content feature's snapshots, checked against its shape. */
export function useContent<N extends ContentName>(name: N): SnapshotResponse<v.InferOutput<(typeof contentSnapshots)[N]>> {
  return useSnapshot(name, contentSnapshots[name]) as SnapshotResponse<v.InferOutput<(typeof contentSnapshots)[N]>>
}
