/** FIXTURE_NOW is the moment the fixtures' dates are written against (see fixtures/README.md). */
export const FIXTURE_NOW = new Date('2026-07-01T12:00:00Z')
