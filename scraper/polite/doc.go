// Package polite is the one HTTP client of the pipeline: every request of the scraper
// goes through an Engine, which sends it with a colly collector and obeys the politeness
// rules of docs/design.md §7 on its own: an identifying User-Agent (UserAgent), each
// host's robots.txt (RFC 9309), one request at a time per host with a delay between two
// (Options.Delay, or a platform's own through SetHostDelay) and a cap on hosts at once,
// bounded retries of 429, 5xx, time-outs and network errors that honour Retry-After,
// redirects followed hop by hop (each hop passing robots.txt and its host's gate), a
// per-request time-out and a response size cap. Failures are *data.FetchError values
// whose Reason the run records. colly stays the collector; its own robots, redirect and
// limit handling is switched off because each of them would bypass the per-host gate
// (docs/architecture.md).
//
// It imports data and no other project package; the adapters in package scraper, beside
// it, are its callers.
package polite
