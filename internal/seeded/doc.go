// Package seeded is the one seeded random source of the made-up data: the demo's
// replayed menus (scraper/replay) and the synthetic worlds of the benchmarks
// (internal/synth). It is splitmix64: tiny, and its output is fixed by this code rather
// than by a library version (math/rand promises no stable sequence across Go
// releases), so the same seed gives the same data, byte for byte, everywhere.
//
// It imports no project package.
package seeded
