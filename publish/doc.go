// Package publish turns the store into the static tree the site reads: every JSON
// snapshot (their shapes and paths are in SNAPSHOTS.md: api/DispensaryStatus,
// api/pipeline, api/statistics, api/brands, api/highlights, api/announcements, the
// community pages' api/content/*, and the shopping snapshots api/menus/*,
// api/products/*, api/search/*, api/deals/*, api/trends, api/strains/* and
// api/terpenes/*), manifest.json and the _headers file of security headers and cache
// rules.
//
// Publish(ctx, db, Options{Out: dir, Now: now, ...}) builds everything and writes the
// tree atomically: files go to a staging folder beside dir, which is swapped in whole
// (Tree), so readers never see a half-written tree and a publish that fails or is
// killed leaves the previous one as it was. Build computes the same files in memory
// (tests). omc publish, omc worker and omc demo call Publish (cmd/omc runPublish).
//
// A publish reads the store once (store.DB.ReadShop, in parallel id ranges), folds the
// price history while the yearly highlights are worked out beside it, then streams the
// menus: each dispensary's menu file is written as soon as its offers have come, and the
// snapshots that need every menu (products, search, deals, trends, strains, terpenes)
// are built from compact offers (56 bytes) that share their descriptions. Each shopping
// snapshot is handed to an encoding pool (encode.go) as soon as it is made: workers
// encode (the long lists by hand, jsonappend.go) and hash, one writer creates the files,
// and a few buffers go round between them, so a publish holds a few files' JSON at a
// time. omc runs a publish under a soft memory limit (DefaultMemoryLimit).
package publish
