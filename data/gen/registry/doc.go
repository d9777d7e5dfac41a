// Command registry generates data/dispensaries.yaml, the embedded default registry, from
// the research files copied into data/sources (their provenance: data/sources/PROVENANCE.md):
// the 105 researched Ohio dispensaries, merged with the 197 unverified menu leads, given the
// street addresses public sources state for the stores that had none (ohio-addresses.csv
// and, its rows marked firm, ohio-addresses-more.csv),
// placed with the city coordinates and the county-to-region table. It also writes
// data/sources/MERGE.md, every decision the merge took (which lead went to which store,
// which were dropped and why, which addresses were used, which conflicted, which stores
// turned out to be one). It is deterministic: the same files give the same bytes.
// Run with `go generate ./data`.
//
// It imports data and no other project package.
package main
