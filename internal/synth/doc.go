// Package synth makes synthetic, deterministic Ohio-sized worlds for benchmarks: a
// registry of dispensaries with Jane menus, each menu a fixed number of offers drawn
// from a shared catalogue, and runs that churn them (price changes, sales, stock). A
// world can be served by the replay (Dataset) or written straight to the store
// (Offers + store.DB.RecordMenuFetch), so that a simulated year takes minutes, not the
// hours 2,190 scrapes over HTTP would. Nothing here is real data: every dispensary is
// marked Sample.
//
// It imports data and scraper/replay (its tests also store), no other project package.
package synth
