package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper/replay"
)

// TestEmptiedCategoryLeaksNowhere follows one emptied category end to end: a Joint medical menu lists a flower
// and a concentrate on day 1 and only the flower on day 2. The scraper records day 2's
// extract as emptied (it keeps day 1's date and products and ages to stale); every
// published figure must then treat the concentrate as day 1's, stale: no top deal, no
// brand count of a current menu, no day-2 price in its history.
func TestEmptiedCategoryLeaksNowhere(t *testing.T) {
	ctx := context.Background()
	flower := replay.Product{ID: "71000001", Name: "Comet Tail", Brand: "Buckeye Farms", StrainType: "hybrid", Category: data.Flower,
		Subtype: "whole buds", Slug: "comet-tail-3-5g", THC: 21, PotencyUnit: "%", Origin: "OH",
		Sizes: []replay.Size{{Label: "3.5g", Grams: 3.5, Price: 40, InStock: true}}}
	concentrate := replay.Product{ID: "71000002", Name: "Comet Tail Badder", Brand: "Buckeye Farms", StrainType: "hybrid",
		Category: data.Extract, Subtype: "badder", Slug: "comet-tail-badder-1g", THC: 71, PotencyUnit: "%", Origin: "OH",
		Sizes: []replay.Size{{Label: "1g", Grams: 1, Price: 50, SalePrice: 35, InStock: true}}}
	store := func(products ...replay.Product) *replay.Dataset {
		return &replay.Dataset{Stores: []replay.Store{{Platform: "joint", Key: "4242", Name: "Joint Akron", Slug: "joint-akron",
			City: "Akron", Markets: []data.Market{data.Medical}, Products: products, MedicalPriceFactor: 1}}}
	}
	reg := data.Registry{Dispensaries: []data.Dispensary{{Slug: "joint-akron", Name: "Joint Akron", City: "Akron", County: "Summit",
		Region: "Northeast", Lat: 41.0814, Lng: -81.519, Medical: true,
		Menus: []data.MenuSource{{Market: data.Medical, Platform: "joint", StoreID: "4242", URL: "https://joint-akron.example/"}}}}}

	dir := t.TempDir()
	cfg := DefaultConfig()
	cfg.DB, cfg.Out, cfg.Now = filepath.Join(dir, "omc.db"), filepath.Join(dir, "out"), demoNow.Format(time.RFC3339)
	var out, errOut bytes.Buffer
	d := testDeps(&out, &errOut)
	scrape := func(ds *replay.Dataset, at time.Time) {
		t.Helper()
		url, shutdown, err := replay.New(ds).Listen("127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer shutdown(ctx)
		reg.Platforms = map[string]data.PlatformConfig{"joint": {BaseURL: url}}
		so := &scrapeOptions{Config: cfg, deps: d, registry: &reg, retries: 1}
		so.given = map[string]bool{"delay": true, "timeout": true}
		so.Delay, so.Timeout, so.Now = 0, 2*time.Second, at.Format(time.RFC3339)
		sum, err := runScrape(ctx, so)
		if err != nil || sum.MenusOK != 1 {
			t.Fatalf("scrape at %s: %+v, %v\n%s", at, sum, err, errOut.String())
		}
	}
	day1, day2 := demoNow.Add(-24*time.Hour), demoNow
	scrape(store(flower, concentrate), day1)
	scrape(store(flower), day2)
	if _, err := runPublish(ctx, &cfg, d); err != nil {
		t.Fatal(err)
	}
	read := func(path string, v any) {
		t.Helper()
		raw, err := os.ReadFile(filepath.Join(cfg.Out, path))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}

	// The store's own status says the extract is day 1's (stale): the scraper got that right.
	var status []publish.DispensaryStatus
	read(publish.PathStatus, &status)
	if len(status) != 1 || len(status[0].MarketStatuses) != 1 {
		t.Fatalf("status = %+v", status)
	}
	ms := status[0].MarketStatuses[0]
	if deref(ms.LastExtract) != day1.Format(time.RFC3339) || deref(ms.LastFlower) != day2.Format(time.RFC3339) {
		t.Fatalf("status: extract %s, flower %s; want day 1 and day 2", deref(ms.LastExtract), deref(ms.LastFlower))
	}

	t.Run("topDeals leave the stale concentrate out", func(t *testing.T) {
		var st publish.Statistics
		read(publish.PathStatistics, &st)
		i := slices.IndexFunc(st.TopDeals, func(r publish.RegionDeals) bool { return r.Region == "Northeast" })
		if i < 0 {
			t.Fatalf("no Northeast in %+v", st.TopDeals)
		}
		ne := st.TopDeals[i]
		if len(ne.Extract) != 0 {
			t.Errorf("Northeast extract deals = %+v; the concentrate's menu category is day 1's (stale)", ne.Extract)
		}
		if len(ne.Flower) != 1 || ne.Flower[0].LastUpdate != day2.Format(time.RFC3339) {
			t.Errorf("Northeast flower deals = %+v, want Comet Tail of day 2", ne.Flower)
		}
	})
	t.Run("brands count only current menus", func(t *testing.T) {
		var b publish.Brands
		read(publish.PathBrands, &b)
		if len(b.Brands) != 1 || b.Brands[0].Products != 1 || len(b.Brands[0].Categories) != 1 || b.Brands[0].Categories[data.Flower] != 1 {
			t.Errorf("brands = %+v, want Buckeye Farms with its one current flower", b.Brands)
		}
	})
	t.Run("the concentrate's history has no day-2 price", func(t *testing.T) {
		var p publish.Product
		read(publish.PathProducts+"buckeye-farms-comet-tail-badder-extract-1g", &p)
		want := []publish.HistoryPoint{{Date: "2026-06-30", Market: data.Medical, Min: 35, Median: 35}}
		if !slices.Equal(p.History, want) {
			t.Errorf("history = %+v, want only day 1's %+v", p.History, want)
		}
		if len(p.Offers) != 1 || p.Offers[0].Freshness != "stale" || deref(p.Offers[0].LastUpdate) != day1.Format(time.RFC3339) {
			t.Errorf("offers = %+v, want day 1's offer, stale", p.Offers)
		}
	})
	t.Run("the flower's history has both days", func(t *testing.T) {
		var p publish.Product
		read(publish.PathProducts+"buckeye-farms-comet-tail-flower-3-5g", &p)
		want := []publish.HistoryPoint{{Date: "2026-06-30", Market: data.Medical, Min: 40, Median: 40},
			{Date: "2026-07-01", Market: data.Medical, Min: 40, Median: 40}}
		if !slices.Equal(p.History, want) {
			t.Errorf("history = %+v, want %+v", p.History, want)
		}
	})
}
