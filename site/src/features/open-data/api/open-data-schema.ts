import * as z from 'zod/mini'
import { published } from '@/api/common-schemas'

// api/open-data: the open data files of a publish (publish/SNAPSHOTS.md, "api/open-data").

const file = {
  path: z.string(),
  size: z.int(),
  rows: z.int(),
  sha256: z.string(),
}

export const openDataSchema = published({
  licence: z.string(),
  format: z.int(),
  months: z.array(z.looseObject({ month: z.string().check(z.regex(/^\d{4}-\d{2}$/, 'a month written as "YYYY-MM"')), closed: z.boolean(), ...file })),
  index: z.array(z.looseObject(file)),
  weeks: z.array(z.string()),
})

export type OpenData = z.infer<typeof openDataSchema>
