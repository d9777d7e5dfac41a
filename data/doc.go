// Package data is the domain of omc: its types (dispensaries and their menu sources,
// offers, menus, fetch outcomes and their error codes), the registry loader and checks,
// the embedded defaults (the registry dispensaries.yaml, announcements, the community
// pages' content, the strain catalogue and the terpene list, city coordinates and
// regions), and the SQLite store. It imports no other project package: the scraper
// fills it, publish reads it, cmd/omc wires them.
//
// The store (Open) keeps the registry as last synced (SyncDispensaries), every menu
// fetch with its outcome (RecordMenuFetch), and history that grows with change: one row
// per offer series and, per fetch, only what changed (docs/design.md §4, data/README.md).
// The scrape writes it; publish reads it through a few questions: Statuses (each
// category's freshness facts), Runs, FetchSpanBetween, and ReadShop, which reads every
// offer series once and then answers, from memory and the change log, each menu's listed
// offers (ShopData.EachMenu, one menu at a time), when products were first seen, the
// daily prices (EachDayPrice) and the history folded into runs (EachOfferRun).
//
// Times in the store are UTC; days and months of the shopping history are counted in
// America/New_York (Day).
package data

//go:generate go run ./gen/registry -sources sources -out dispensaries.yaml -report sources/MERGE.md
//go:generate go run ./gen/strains -in sources/kushy/strains-kushy_api.2017-11-14.csv -out strains/kushy.csv
