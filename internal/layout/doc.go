// Package layout holds the checks that keep the repository within its own rules, run with
// every other test by go test ./...: no Go function over 100 lines outside tests, no
// route module of the site over 120 lines, and every path the README's "Where to change
// what" table names exists, from the repository's root, with the names it gives in them,
// and docs/architecture.md's package table lists every Go package with what it imports,
// and every package has a doc.go.
// It has no code of its own.
package layout
