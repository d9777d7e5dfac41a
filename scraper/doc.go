// Package scraper fetches dispensary menus from the hosted menu platforms and turns
// them into data.Offer values.
//
// polite.Engine (package scraper/polite) is the one HTTP client of the pipeline: every
// request goes through a colly collector and obeys the politeness rules of
// docs/design.md §7 (an identifying User-Agent, robots.txt, one request at a time per
// host with a delay between them, bounded retries that honour Retry-After, a
// per-request time-out and a response size cap). Run scrapes
// every monitored menu of a registry with the adapters NewAdapters builds and records
// each fetch in the store; omc scrape, omc worker and omc demo call it, omc probe calls
// one adapter directly. Adapters never touch the store: they return a data.Menu or a
// *data.FetchError. The scraper imports data, store (the run records each fetch) and
// scraper/polite.
//
// # Platforms
//
// Each menu platform lives in one file (jane.go, dutchie.go, sweed.go, …) that holds
// its whole description, a platform value: the registry name, the hosts it calls, the
// settings it reads, the registry-time check of a menu's identifiers, and the
// constructor of its adapter. The adapter type embeds adapterBase, which gives it its
// name (data.Adapter's Platform), the engine, the registry's baseURL (a local replay)
// and what every platform shares: checkSource (a menu's market, url and endpoint) and
// do (a request, counted on the menu, its failure classified); pageAdapter adds the
// Validate of a menu read from a page on the dispensary's own site.
// The platforms table in platforms.go lists them all; NewAdapters, PlatformNames and
// RegistryRules read it. What the adapters share sits by topic: adapterbase.go (the
// embedded base), settings.go (registry settings, baseURL), replyerrors.go (how a
// failed request or an unusable reply is classified) and records.go (recordSet, which
// maps a reply's records within the parse bound). The registry loader in data knows no platform: it takes
// RegistryRules, the platforms' checks, as a function per platform name.
//
// To add a platform:
//
//  1. Write <platform>.go: a <platform>Platform value (name, hosts, settings, check
//     when a registry can be checked before any request, build), the adapter type
//     embedding adapterBase (or pageAdapter), its Validate (the fetch-time check,
//     which may depend on settings, calling checkSource) and its FetchMenu, mapping
//     records with recordSet and the shared normalisation of normalize.go (Category,
//     ParseSize, StrainName). Each offer links to its product's page (Offer.URL): the
//     link its record carries, or the platform's pattern built in orderlink.go, but only
//     a pattern a capture or a public source shows (docs/platforms.md §10, a row in
//     TestProductPageOfEachPlatform); else none, and the menu's page stands in.
//  2. Add the value to platforms in platforms.go.
//  3. Write <platform>_test.go: a recorded reply in testdata/<platform>/ with its
//     provenance, served by httptest, checked against a golden file
//     (testdata/golden, refreshed with -update), plus Validate's table test and the
//     platform's failure replies; add it to categoryPlatforms (category_test.go),
//     which runs the category rule's cases through its record mapping.
//  4. Write scraper/replay/<platform>.go: a replay platform value (its routes, how a
//     registry menu names its store, the demo's menus on it) added to the replay's
//     platforms table, and extend TestExpectedMatchesServed (replay/expected_test.go)
//     to decode what it serves. The demo's end-to-end test in cmd/omc then scrapes the
//     demo menus on it with the adapter and compares the counts with Dataset.Expected.
//
// normalize.go holds the shared size, category and strain-name rules: Category is the
// one rule that maps a platform's category labels to the tracked categories.
//
// Product identity (docs/design.md §4) is identity.go and names.go: Identify, which the run
// calls on every offer before it is stored, cleans brand and name as the site shows
// them (CleanBrand, CleanName) and gives the offer its code (ProductCode). terpenes.go
// folds the terpenes adapters read from a platform's own fields to data.Terpenes and
// reads a lineage from product descriptions ("a cross of X and Y").
package scraper
