import { expect, it } from 'vitest'
import * as v from 'valibot'

/**
 * itAcceptsGoldenFiles checks each of publish's golden files (a copy in
 * testing/fixtures, kept equal to publish/testdata by go test ./publish)
 * against the shape the site reads it with.
 */
export function itAcceptsGoldenFiles(fixtures: readonly [name: string, shape: v.GenericSchema, data: unknown][]) {
  it.each(fixtures)('%s: the golden file is valid', (_, shape, data) => {
    expect(v.safeParse(shape, data).issues ?? []).toEqual([])
  })
}
