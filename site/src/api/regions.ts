// Kept free of imports: the build's configuration reads it (vite.config.ts, for the early
// script's region views: config/early-data.ts).

/** REGIONS are data.Regions, in publish's fixed order (held to data/sources/ohio-regions.md by lib/places-source.test.ts). */
export const REGIONS = ['Northeast', 'Northwest', 'Central', 'Southwest', 'Southeast'] as const
export type Region = (typeof REGIONS)[number]
