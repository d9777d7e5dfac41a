package publish_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper"
)

// dutchieRangeCapture is a real Dutchie FilteredProducts reply (scraper/testdata/
// dutchie/PROVENANCE.md): its THCContent and CBDContent are ranges ([18, 24.5]),
// single figures ([10.3]) and ranges from 0 ([0, 19.7]).
const (
	dutchieRangeCapture = "../scraper/testdata/dutchie/filteredproducts_dutchie-com_flower_2023-11.json"
	dutchieRangeStore   = "5fefa138b2782100c5acd671" // the capture's DispensaryID
)

// dutchieRangeServer answers the Dutchie adapter's FilteredProducts queries with the
// capture's products, one page.
func dutchieRangeServer(t *testing.T) *httptest.Server {
	t.Helper()
	raw, err := os.ReadFile(dutchieRangeCapture)
	if err != nil {
		t.Fatal(err)
	}
	var reply struct {
		Data struct {
			FilteredProducts struct {
				Products []json.RawMessage `json:"products"`
			} `json:"filteredProducts"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &reply); err != nil {
		t.Fatal(err)
	}
	products := reply.Data.FilteredProducts.Products
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isDutchieProductsQuery(r, dutchieRangeStore) {
			http.Error(w, `{"errors":[{"message":"not this test's query"}]}`, http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"filteredProducts": map[string]any{
			"products": products, "queryInfo": map[string]any{"totalCount": len(products), "totalPages": 1}}}})
	}))
}

// TestRangesThroughPublish scrapes the real Dutchie range reply through the Dutchie
// adapter into SQLite and publishes it: the store's menu, the search file and the
// product page keep the top as thc and the lower end as thcLow (cbdLow), a single
// figure has null (or no field), and a range from 0 has no lower end.
func TestRangesThroughPublish(t *testing.T) {
	out, d := publishDutchieRanges(t)
	read := func(path string, v any) {
		t.Helper()
		raw, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(path)))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}

	var menu struct {
		Markets []struct {
			Offers struct {
				Product     []int
				THC, THCLow []*float64
				CBD, CBDLow []*float64
				PotencyUnit []*string
			}
		}
		Products struct{ Code, Name []string }
	}
	read(publish.PathMenus+d.Slug, &menu)
	if len(menu.Markets) != 1 {
		t.Fatalf("%d markets", len(menu.Markets))
	}
	offers := menu.Markets[0].Offers
	if len(offers.THCLow) != len(offers.Product) || len(offers.CBDLow) != len(offers.Product) {
		t.Fatalf("thcLow %d and cbdLow %d entries for %d offers", len(offers.THCLow), len(offers.CBDLow), len(offers.Product))
	}
	// name → "thc from thcLow, cbd from cbdLow" as the menu writes each offer.
	got := map[string]string{}
	for i, p := range offers.Product {
		got[menu.Products.Name[p]] = fmt.Sprintf("%s from %s, %s from %s", show(offers.THC[i]), show(offers.THCLow[i]),
			show(offers.CBD[i]), show(offers.CBDLow[i]))
	}
	for name, want := range map[string]string{
		"Slerple Milled":            "24.5 from 18, 1 from null", // THC [18, 24.5], CBD [1]
		"Black Widow CBD":           "7 from 4, 13 from null",    // [4, 7], CBD [0, 13]: 0 is no lower end
		"CBD Runtz":                 "10.3 from null, 14.7 from null",
		"Premium CBD Flower":        "1 from null, 16 from 12", // THC [0, 1], CBD [12, 16]
		"Sugar Cookies":             "34 from 28, 5 from null", // [28, 34], [5]
		"Titanimal Cannabis Flower": "36 from 30, 1 from null", // mg per g: a percentage times ten
	} {
		if got[name] != want {
			t.Errorf("%s: %s, want %s", name, got[name], want)
		}
	}

	var search struct {
		Products struct{ Name []string } `json:"products"`
		Offers   struct {
			Product []int
			THC     []*float64
			THCLow  []*float64
		} `json:"offers"`
	}
	read(publish.PathSearch+"flower/central", &search)
	if len(search.Offers.THCLow) != len(search.Offers.Product) || len(search.Offers.Product) == 0 {
		t.Fatalf("search file: thcLow %d entries for %d offers", len(search.Offers.THCLow), len(search.Offers.Product))
	}
	for i, p := range search.Offers.Product {
		if search.Products.Name[p] == "Slerple Milled" && (show(search.Offers.THC[i]) != "24.5" || show(search.Offers.THCLow[i]) != "18") {
			t.Errorf("search file: Slerple Milled thc %s from %s, want 24.5 from 18", show(search.Offers.THC[i]), show(search.Offers.THCLow[i]))
		}
	}

	for i, name := range menu.Products.Name {
		if name != "Slerple Milled" && name != "CBD Runtz" {
			continue
		}
		var page struct {
			Offers []map[string]any `json:"offers"`
		}
		read(publish.PathProducts+menu.Products.Code[i], &page)
		if len(page.Offers) != 1 {
			t.Fatalf("%s: %d offers on its page", name, len(page.Offers))
		}
		low, has := page.Offers[0]["thcLow"]
		switch {
		case name == "Slerple Milled" && (!has || low != 18.0 || page.Offers[0]["thc"] != 24.5):
			t.Errorf("%s: product page offer thc %v thcLow %v, want 24.5 from 18", name, page.Offers[0]["thc"], low)
		case name == "CBD Runtz" && has:
			t.Errorf("%s: a single figure has thcLow %v on its product page", name, low)
		}
	}
}

// publishDutchieRanges scrapes the capture through the Dutchie adapter into a new SQLite
// database and publishes it; out is the published tree, d the store.
func publishDutchieRanges(t *testing.T) (string, data.Dispensary) {
	t.Helper()
	ctx := context.Background()
	srv := dutchieRangeServer(t)
	defer srv.Close()
	d := data.Dispensary{Slug: "range-store-columbus", Name: "Range Store Columbus", City: "Columbus", Address: "1 High St.",
		County: "Franklin", Region: "Central", Lat: 39.96, Lng: -83, Coordinates: data.CoordinatesCity, AdultUse: true,
		Menus: []data.MenuSource{{Market: data.Recreational, Platform: "dutchie", DispensaryID: dutchieRangeStore}}}
	reg := data.Registry{Dispensaries: []data.Dispensary{d}, Platforms: map[string]data.PlatformConfig{"dutchie": {BaseURL: srv.URL}}}
	dir := t.TempDir()
	db, adapters := newScrapeDB(t, dir, reg)
	defer db.Close()
	if sum, err := scraper.Run(ctx, db, reg, adapters, scraper.RunOptions{Now: benchNow, ReplaceRegistry: true}); err != nil || sum.MenusFailed > 0 {
		t.Fatalf("scrape: %v, %d menus failed", err, sum.MenusFailed)
	}
	out := filepath.Join(dir, "out")
	if _, err := publish.Publish(ctx, db, publish.Options{Out: out, Now: benchNow}); err != nil {
		t.Fatal(err)
	}
	return out, d
}

// show writes a figure as the tests compare it: "null" for none.
func show(v *float64) string {
	if v == nil {
		return "null"
	}
	return fmt.Sprint(*v)
}
