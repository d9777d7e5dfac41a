import * as z from 'zod/mini'

// What every family of shapes shares (schemas.ts, status-schemas.ts, shop-schemas.ts),
// in a module of its own so that none of them imports another to get it.

/** timestamp is a published date: RFC 3339 with its offset. */
export const timestamp = z.iso.datetime({ offset: true })

export const MARKETS = ['recreational', 'medical'] as const
export type Market = (typeof MARKETS)[number]
