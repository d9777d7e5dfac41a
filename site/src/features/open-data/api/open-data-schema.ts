import * as v from 'valibot'
import { int, published } from '@/api/common-schemas'

// api/open-data: the open data files of a publish (publish/SNAPSHOTS.md, "api/open-data").

const file = {
  path: v.string(),
  size: int,
  rows: int,
  sha256: v.string(),
}

export const openDataSchema = published({
  licence: v.string(),
  format: int,
  months: v.array(
    v.looseObject({ month: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/, 'a month written as "YYYY-MM"')), closed: v.boolean(), ...file }),
  ),
  index: v.array(v.looseObject(file)),
  weeks: v.array(v.string()),
})

export type OpenData = v.InferOutput<typeof openDataSchema>
