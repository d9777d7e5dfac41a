// Package data is the domain of omc: its types (dispensaries and their menu sources,
// offers, menus, fetch outcomes and their error codes, the state's roster), the registry
// loader and checks, the roster matched to the registry, and the embedded defaults (the
// registry dispensaries.yaml, announcements, the community pages' content, the strain
// catalogue and the terpene list, city coordinates and regions). It imports no other
// project package and no database: the scraper fills its values, the store (package
// store) keeps them, publish reads them, cmd/omc wires them.
package data

//go:generate go run ./gen/registry -sources sources -out dispensaries.yaml -report sources/MERGE.md
//go:generate go run ./gen/strains -in sources/kushy/strains-kushy_api.2017-11-14.csv -out strains/kushy.csv
