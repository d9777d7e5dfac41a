// Package scraper fetches dispensary menus from the hosted menu platforms.
//
// Engine is the one HTTP client of the pipeline: every request goes through a colly
// collector and obeys the politeness rules of DESIGN.md §7 (an identifying User-Agent,
// one request at a time per host with a delay between them, bounded retries that honour
// Retry-After, a per-request time-out and a response size cap). Each platform has an
// adapter (jane.go, dutchie.go) that calls the platform's own JSON endpoint, maps its
// records to data.Offer and reports failures as *data.FetchError. Adapters never touch
// the store. normalize.go holds the shared size, category and strain-name rules.
//
// Product identity (DESIGN.md §4) is identity.go and names.go: Identify, which the run
// calls on every offer before it is stored, cleans brand and name as the site shows
// them (CleanBrand, CleanName) and gives the offer its code (ProductCode). terpenes.go
// folds the terpenes adapters read from a platform's own fields to data.Terpenes and
// reads a lineage from product descriptions ("a cross of X and Y").
package scraper
