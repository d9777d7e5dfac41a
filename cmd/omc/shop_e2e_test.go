package main

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper/replay"
)

// TestProductPageAfterTwoScrapes scrapes the demo replay twice, a day apart, with one
// product's prices changed in between and one of its stores failing the second time,
// publishes, and checks that product's page against figures worked out by hand.
func TestProductPageAfterTwoScrapes(t *testing.T) {
	// Side by side with the package's other whole-demo scrapes (each has its own replay,
	// database and published tree): the three are most of the package's time.
	t.Parallel()
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	run.setFailures() // the demo's failures would hide the stores this test needs

	// Three Jane stores selling recreational only: A, B and C.
	var picked []int
	for i, st := range run.Dataset.Stores {
		if st.Platform == "jane" && slices.Equal(st.Markets, []data.Market{data.Recreational}) && len(picked) < 3 {
			picked = append(picked, i)
		}
	}
	if len(picked) != 3 {
		t.Fatalf("the demo has %d recreational-only Jane stores, want 3", len(picked))
	}
	a, b, c := run.Dataset.Stores[picked[0]], run.Dataset.Stores[picked[1]], run.Dataset.Stores[picked[2]]

	// withHaze is the dataset with Handworked Haze (an eighth) at A, B and C at these prices.
	withHaze := func(prices map[string][2]float64) *replay.Dataset {
		ds := &replay.Dataset{Stores: slices.Clone(run.Dataset.Stores)}
		for _, i := range picked {
			st := &ds.Stores[i]
			p := prices[st.Key]
			st.Products = append(slices.Clone(st.Products), replay.Product{ID: "99999001", Name: "Handworked Haze", Brand: "Test Farms",
				StrainType: "sativa", Category: data.Flower, Subtype: "whole buds", Slug: "handworked-haze-3-5g", THC: 22, PotencyUnit: "%",
				Origin: "OH", Sizes: []replay.Size{{Label: "3.5g", Grams: 3.5, Price: p[0], SalePrice: p[1], InStock: true}}})
		}
		return ds
	}
	// Day 1: A 50, B 45, C 30. Day 2: A 50 on sale at 40, B 48, C fails (its 30 goes stale).
	day1 := withHaze(map[string][2]float64{a.Key: {50, 0}, b.Key: {45, 0}, c.Key: {30, 0}})
	day2 := withHaze(map[string][2]float64{a.Key: {50, 40}, b.Key: {48, 0}, c.Key: {30, 0}})

	dir := t.TempDir()
	cfg := DefaultConfig()
	cfg.DB, cfg.Out, cfg.Now = filepath.Join(dir, "omc.db"), filepath.Join(dir, "out"), demoNow.Format(time.RFC3339)
	cfg.Sample = true // as omc demo publishes
	var out, errOut bytes.Buffer
	d := testDeps(&out, &errOut)
	ctx := context.Background()
	reg := run.Registry
	reg.Platforms = maps.Clone(run.Registry.Platforms)
	scrapeWith := func(ds *replay.Dataset, at time.Time, failing ...string) {
		t.Helper()
		srv := replay.New(ds)
		for _, key := range failing {
			srv.SetFailure("jane", key, "500")
		}
		url, shutdown, err := srv.Listen("127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer shutdown(ctx)
		jane := reg.Platforms["jane"]
		jane.BaseURL = url
		reg.Platforms["jane"] = jane
		so := &scrapeOptions{Config: cfg, deps: d, registry: &reg, retries: 1}
		so.given = map[string]bool{"delay": true, "timeout": true}
		so.Delay, so.Timeout, so.Now = 0, 2*time.Second, at.Format(time.RFC3339)
		if _, err := runScrape(ctx, so); err != nil {
			t.Fatal(err)
		}
	}
	scrapeWith(day1, demoNow.Add(-24*time.Hour))
	scrapeWith(day2, demoNow, c.Key)
	if _, err := runPublish(ctx, &cfg, d); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(cfg.Out, "api/products/test-farms-handworked-haze-flower-3-5g"))
	if err != nil {
		t.Fatal(err)
	}
	var p publish.Product
	if err := json.Unmarshal(raw, &p); err != nil {
		t.Fatal(err)
	}

	// Cheapest paid first: C 30 (stale, 24 h old), A 40 on sale (50 struck), B 48.
	type row struct {
		slug      string
		price     float64
		sale      float64
		freshness string
	}
	want := []row{{c.Slug, 30, 0, "stale"}, {a.Slug, 50, 40, "current"}, {b.Slug, 48, 0, "current"}}
	if len(p.Offers) != len(want) {
		t.Fatalf("offers = %+v", p.Offers)
	}
	for i, o := range p.Offers {
		got := row{o.Slug, o.Price, 0, string(o.Freshness)}
		if o.SalePrice != nil {
			got.sale = *o.SalePrice
		}
		if got != want[i] {
			t.Errorf("offer %d = %+v, want %+v", i, got, want[i])
		}
	}
	// A pays 40 for 3.5 g: 11.43 a gram.
	if u := p.Offers[1].UnitPrice; u == nil || *u != 11.43 || *p.Offers[1].Unit != "g" {
		t.Errorf("A's unit price = %v", u)
	}
	// Day 1 (2026-06-30 in Ohio): 50, 45, 30, min 30, median 45. Day 2: 40 and 48, min 40,
	// median 44 (C was not seen).
	wantHistory := []publish.HistoryPoint{
		{Date: "2026-06-30", Market: data.Recreational, Min: 30, Median: 45},
		{Date: "2026-07-01", Market: data.Recreational, Min: 40, Median: 44},
	}
	if !slices.Equal(p.History, wantHistory) {
		t.Errorf("history = %+v, want %+v", p.History, wantHistory)
	}
	// Each offer links to the product on its store's Jane menu: the store's page from the
	// registry's url, then /products/<product_id>/<url_slug> (docs/platforms.md §10).
	for _, o := range p.Offers {
		var page string
		for _, d := range reg.Dispensaries {
			if d.Slug == o.Slug {
				for _, m := range d.Menus {
					if m.Platform == "jane" && m.Market == o.Market {
						page = m.URL
					}
				}
			}
		}
		store := regexp.MustCompile(`^https://www\.iheartjane\.com/stores/[0-9]+/[a-z0-9-]+/`).FindString(page)
		if store == "" {
			t.Fatalf("%s: the registry's Jane url %q is no store page", o.Slug, page)
		}
		if want := store + "products/99999001/handworked-haze-3-5g"; o.OrderURL == nil || *o.OrderURL != want {
			t.Errorf("%s: orderUrl = %v, want %s", o.Slug, o.OrderURL, want)
		}
	}
	if !p.Sample || !p.Offers[0].Sample {
		t.Error("the demo's sample menus are not marked sample")
	}
	if p.FirstSeen == nil || *p.FirstSeen != demoNow.Add(-24*time.Hour).Format(time.RFC3339) {
		t.Errorf("firstSeen = %v", p.FirstSeen)
	}
}
