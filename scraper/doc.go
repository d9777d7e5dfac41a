// Package scraper fetches dispensary menus from the hosted menu platforms.
//
// Engine is the one HTTP client of the pipeline: every request goes through a colly
// collector and obeys the politeness rules of DESIGN.md §7 (an identifying User-Agent,
// one request at a time per host with a delay between them, bounded retries that honour
// Retry-After, a per-request time-out and a response size cap). Each platform has an
// adapter (jane.go, dutchie.go) that calls the platform's own JSON endpoint, maps its
// records to data.Offer and reports failures as *data.FetchError. Adapters never touch
// the store. normalize.go holds the shared size, category and strain-name rules.
package scraper
