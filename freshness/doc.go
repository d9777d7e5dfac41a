// Package freshness classifies how fresh a menu category is from the time of its
// last successful update and the current time. It is pure: no I/O, no clock; the
// caller passes now. The site applies the same rule at view time, and both sides
// test against testdata/vectors.json so they cannot drift.
package freshness
