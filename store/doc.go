// Package store is omc's SQLite store (modernc.org/sqlite, no cgo, WAL) with its
// migrations, embedded from migrations/. It keeps the values of package data, the
// domain, which knows no database: the registry as last synced (SyncDispensaries), every
// menu fetch with its outcome (RecordMenuFetch), the state's roster (RecordRoster), and
// history that grows with change: one row per offer series and, per fetch, only what
// changed (docs/design.md §4, data/README.md). The scrape writes it; publish reads it
// through a few questions: Statuses (each category's freshness facts), Runs,
// FetchSpanBetween, and ReadShop, which reads every offer series once and then answers,
// from memory and the change log, each menu's listed offers (ShopData.EachMenu, one menu
// at a time), when products were first seen, the daily prices (EachDayPrice) and the
// history folded into runs (EachOfferRun). It imports data and no other project package.
//
// Times in the store are UTC; days and months of the shopping history are counted in
// America/New_York (Day).
package store
