// Command strains generates data/strains/kushy.csv, the embedded strain catalogue, from
// the copy of the Kushy cannabis dataset in data/sources/kushy (see
// data/strains/PROVENANCE.md). It keeps name, type and breeder, repairs names stored
// with a double encoding ("Godâ€™s Treat") and merges rows that are one strain spelled
// twice (data.StrainKey). The source's parent ids ("crosses") are left out: they point
// at the wrong rows (PROVENANCE.md gives the evidence), and a lineage is never guessed.
// It is deterministic: the same input gives the same bytes. Run with `go generate ./data`.
//
// It imports data and no other project package.
package main
