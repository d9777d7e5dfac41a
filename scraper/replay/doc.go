// Package replay is a local HTTP stand-in for the menu platforms the scraper reads
// (Jane's Algolia index, Dutchie's consumer GraphQL API and the others Server lists)
// and the demo dataset it serves. Its replies have the field names and types of real
// recorded replies (the captures under scraper/testdata), or of the shapes PLATFORMS.md
// documents where none was recorded (Leafly, Tymber, JSON-LD and plain HTML pages), so
// an adapter pointed at it with the registry's platform baseURL runs exactly as
// against the real host. `omc demo` and the scraper
// tests use it; nothing in it reaches the network.
//
// The dataset's products are real menu records (demo/PROVENANCE.md); DemoDataset picks
// a deterministic subset per registry store, so runs are reproducible and a test can
// ask Dataset.Expected how many products per category a correct scrape must find.
package replay

//go:generate go run ./gen -captures ../testdata -ohio gen/testdata/ohcanna-snapshots -out demo
