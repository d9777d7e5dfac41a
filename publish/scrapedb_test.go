package publish_test

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/polite"
	"github.com/ohiomc/omc/store"
)

// newScrapeDB opens a new SQLite database, omc.db in dir, that codes products as omc
// does, and the adapters of reg's platforms on an engine that neither waits, retries
// nor reads robots.txt: the servers these tests scrape are their own, on 127.0.0.1.
// The caller closes the database.
func newScrapeDB(tb testing.TB, dir string, reg data.Registry) (*store.DB, map[string]data.Adapter) {
	tb.Helper()
	db, err := store.Open(context.Background(), filepath.Join(dir, "omc.db"), store.WithProductCode(scraper.ProductCode))
	if err != nil {
		tb.Fatal(err)
	}
	o := polite.DefaultOptions()
	o.Delay, o.Retries, o.Robots = 0, 0, false
	adapters, err := scraper.NewAdapters(polite.NewEngine(o), reg.Platforms)
	if err != nil {
		db.Close()
		tb.Fatal(err)
	}
	return db, adapters
}

// isDutchieProductsQuery reports whether r is the Dutchie adapter's FilteredProducts
// query for dispensaryID, the one query the tests' Dutchie servers answer.
func isDutchieProductsQuery(r *http.Request, dispensaryID string) bool {
	var vars struct {
		ProductsFilter struct {
			DispensaryID string `json:"dispensaryId"`
		} `json:"productsFilter"`
	}
	return r.URL.Path == "/graphql" && r.URL.Query().Get("operationName") == "FilteredProducts" &&
		json.Unmarshal([]byte(r.URL.Query().Get("variables")), &vars) == nil && vars.ProductsFilter.DispensaryID == dispensaryID
}
