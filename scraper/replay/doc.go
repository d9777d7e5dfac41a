// Package replay is a local HTTP stand-in for the menu platforms the scraper reads, and
// the demo dataset it serves. Server answers each platform's own endpoints (Jane's
// Algolia index, Dutchie's consumer GraphQL API, Sweed, Weedmaps, Dispense, Dutchie
// Plus and Leafly's APIs, the LeafBridge and Joint Commerce WordPress plugins, Tymber
// storefront pages and dispensaries' own JSON-LD and plain HTML pages) with replies
// that have the field names and types of real recorded replies (the captures under
// scraper/testdata), or of the shapes docs/platforms.md documents where none was recorded
// (Leafly, Tymber, JSON-LD and HTML pages). An adapter pointed at it with the
// registry's platforms.<name>.baseURL runs exactly as against the real host. Nothing
// in it reaches the network.
//
// Each platform is described once, in its own file (jane.go, sweed.go, …): a platform
// value with the routes it answers, how a registry menu names its store (StoreKey) and
// the demo's menus on it. The platforms table in platforms.go lists them; ServeHTTP,
// DemoRegistry, DemoDataset, DemoPlatformSettings and Dataset.Expected read it.
//
// `omc demo` uses it (DemoRegistry adds demo menus on every platform to the embedded
// registry; DemoDataset, DemoWeeks and DemoLater give its scrapes their menus: weeks of
// history, then the last two), and so do the
// end-to-end tests of cmd/omc and the scale benchmarks of internal/synth; SetFailure
// makes a store fail in one of the ways real platforms do. The scraper's own tests use
// recorded captures, not the replay.
//
// The dataset's products are real menu records (demo/PROVENANCE.md); DemoDataset picks
// a deterministic subset per registry store, so runs are reproducible and a test can
// ask Dataset.Expected how many products per category a correct scrape must find.
package replay

//go:generate go run ./gen -captures ../testdata -ohio gen/testdata/ohcanna-snapshots -out demo
