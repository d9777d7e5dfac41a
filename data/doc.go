// Package data holds the domain types of the pipeline (dispensaries, menu sources,
// offers, fetches), the registry loader, the SQLite store and the embedded defaults
// (registry, announcements, demo dataset). It imports no other project package.
package data

//go:generate go run ./gen/registry -shared ../../shared/data -out dispensaries.yaml
//go:generate go run ./gen/strains -in ../../shared/data/strains/strains-kushy_api.2017-11-14.csv -out strains/kushy.csv
