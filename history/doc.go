// Package history keeps the pipeline's SQLite database outside git: compressed copies
// in durable storage (a folder, or the assets of a GitHub release through the gh CLI),
// each with a small JSON record of what it holds, checked before it is restored and
// before a new one is saved, so that a damaged or truncated database never replaces a
// good copy. The last few good copies are kept.
//
// It imports data and store, no other project package.
package history
