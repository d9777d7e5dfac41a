// Package publish builds the JSON snapshots the site reads (api/DispensaryStatus,
// api/statistics, api/announcements, manifest.json, _headers) from the store, and
// writes them as one tree atomically: readers never see a half-written file, and a
// publish that fails or is killed leaves the previous tree whole.
package publish
