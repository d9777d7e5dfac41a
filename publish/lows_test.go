package publish_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper"
)

// lowsStore is the Dutchie store the lows test scrapes.
const lowsStore = "10e5a1b2c3d4e5f6a7b8c9d0"

// lowsPrice is a product's regular and sale price (0 for none) on a day of the lows
// test; listed false keeps it off the menu that day.
type lowsPrice struct {
	price, sale float64
	listed      bool
}

// lowsSchedule gives each product's price on day d (0 to 39, one scrape a day): the
// sales all run on the last days, the scrapes before make their history.
var lowsSchedule = map[string]func(d int) lowsPrice{
	// $50 for 35 days, then $40 off $50: the regular price was charged.
	"Honest Haze": func(d int) lowsPrice {
		if d >= 35 {
			return lowsPrice{50, 40, true}
		}
		return lowsPrice{50, 0, true}
	},
	// $45 for 35 days, then "$60, now $42": $60 was never charged.
	"Phantom Kush": func(d int) lowsPrice {
		if d >= 35 {
			return lowsPrice{60, 42, true}
		}
		return lowsPrice{45, 0, true}
	},
	// $30, raised to $40 three days before "$40, now $32".
	"Rising Runtz": func(d int) lowsPrice {
		switch {
		case d >= 35:
			return lowsPrice{40, 32, true}
		case d >= 32:
			return lowsPrice{40, 0, true}
		}
		return lowsPrice{30, 0, true}
	},
	// Listed from day 30 at $20, on sale at $15 from day 37: seen for 10 days.
	"Newcomer OG": func(d int) lowsPrice {
		switch {
		case d >= 37:
			return lowsPrice{20, 15, true}
		case d >= 30:
			return lowsPrice{20, 0, true}
		}
		return lowsPrice{}
	},
}

// lowsServer answers the Dutchie adapter's FilteredProducts queries with the products
// of lowsSchedule at the day day holds.
func lowsServer(t *testing.T, day *atomic.Int32) *httptest.Server {
	t.Helper()
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isDutchieProductsQuery(r, lowsStore) {
			http.Error(w, `{"errors":[{"message":"not this test's query"}]}`, http.StatusBadRequest)
			return
		}
		products := []map[string]any{}
		for _, name := range []string{"Honest Haze", "Phantom Kush", "Rising Runtz", "Newcomer OG"} {
			p := lowsSchedule[name](int(day.Load()))
			if !p.listed {
				continue
			}
			special := []any{nil}
			if p.sale > 0 {
				special = []any{p.sale}
			}
			products = append(products, map[string]any{"_id": "id-" + name, "Name": name, "brandName": "Lows Farm", "type": "Flower",
				"strainType": "Hybrid", "Options": []string{"3.5g"}, "recPrices": []float64{p.price}, "recSpecialPrices": special,
				"cName": name, "DispensaryID": lowsStore})
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"filteredProducts": map[string]any{
			"products": products, "queryInfo": map[string]any{"totalCount": len(products), "totalPages": 1}}}})
	}))
}

// TestLowsThroughPublish scrapes forty days of a store's menu (one scrape a day, into a
// SQLite file) and publishes the last: each sale's 30-day low, whether its regular
// price was charged and how long omc has seen it match figures worked out by hand from
// lowsSchedule, and the deals are ranked by the discount against the low.
func TestLowsThroughPublish(t *testing.T) {
	ctx := context.Background()
	var day atomic.Int32
	srv := lowsServer(t, &day)
	defer srv.Close()
	d := data.Dispensary{Slug: "lows-store-columbus", Name: "Lows Store Columbus", City: "Columbus", Address: "1 High St.",
		County: "Franklin", Region: "Central", Lat: 39.96, Lng: -83, Coordinates: data.CoordinatesCity, AdultUse: true,
		Menus: []data.MenuSource{{Market: data.Recreational, Platform: "dutchie", DispensaryID: lowsStore}}}
	reg := data.Registry{Dispensaries: []data.Dispensary{d}, Platforms: map[string]data.PlatformConfig{"dutchie": {BaseURL: srv.URL}}}
	dir := t.TempDir()
	db, adapters := newScrapeDB(t, dir, reg)
	defer db.Close()
	// 12:00 UTC is 08:00 in Ohio: each scrape is on its own day there.
	first := time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
	var now time.Time
	for n := range 40 {
		day.Store(int32(n))
		now = first.AddDate(0, 0, n)
		if sum, err := scraper.Run(ctx, db, reg, adapters, scraper.RunOptions{Now: now, ReplaceRegistry: n == 0}); err != nil || sum.MenusFailed > 0 {
			t.Fatalf("scrape on day %d: %v, %+v", n, err, sum)
		}
	}
	out := filepath.Join(dir, "out")
	if _, err := publish.Publish(ctx, db, publish.Options{Out: out, Now: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
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

	var deals publish.DealsFile
	read(publish.PathDeals+"central", &deals)
	type worked struct {
		low            float64 // 0 for none
		regularCharged bool
		daysSeen       int32 // 0 for none
		lowDiscount    float64
	}
	want := []struct {
		name string
		worked
	}{
		// Sale from day 37; the days before it from day 7 hold day 30 to 36 at $20; first
		// seen on day 30, 10 days before day 39 (counting both). 1 − 15/20.
		{"Newcomer OG", worked{20, true, 10, 0.25}},
		// Sale from day 35; days 5 to 34 at $50, the regular price. 1 − 40/50.
		{"Honest Haze", worked{50, true, 0, 0.2}},
		// Sale from day 35; days 5 to 34 at $45, $60 never. 1 − 42/45 = 0.0667.
		{"Phantom Kush", worked{45, false, 0, 0.067}},
		// Sale from day 35; days 5 to 31 at $30, 32 to 34 at $40 (charged). 1 − 32/30.
		{"Rising Runtz", worked{30, true, 0, -0.067}},
	}
	if len(deals.Deals) != len(want) {
		t.Fatalf("%d deals, want %d: %+v", len(deals.Deals), len(want), deals.Deals)
	}
	for i, w := range want {
		g := deals.Deals[i]
		if g.Name != w.name {
			t.Errorf("deal %d is %s, want %s (ranked by the discount against the low)", i, g.Name, w.name)
			continue
		}
		got := worked{regularCharged: g.SaleLow != nil && g.SaleLow.RegularCharged, lowDiscount: g.LowDiscount}
		if g.SaleLow != nil && g.SaleLow.Low != nil {
			got.low = *g.SaleLow.Low
		}
		if g.SaleLow != nil && g.SaleLow.DaysSeen != nil {
			got.daysSeen = *g.SaleLow.DaysSeen
		}
		if got != w.worked {
			t.Errorf("%s: %+v, want %+v", w.name, got, w.worked)
		}
	}
	// The struck discounts alone would rank Phantom Kush first (0.3).
	if len(deals.Deals) == 4 && deals.Deals[2].Discount != 0.3 {
		t.Errorf("Phantom Kush's struck discount = %v, want 0.3", deals.Deals[2].Discount)
	}

	// The menu writes the same figures for its offers on sale; the product pages the
	// 90-day low: Rising Runtz's $30 of days 0 to 31, Newcomer OG's $15 today.
	var menu publish.Menu
	read(publish.PathMenus+d.Slug, &menu)
	lows := menu.Markets[0].Offers.SaleLows
	if len(lows) != 4 {
		t.Fatalf("menu saleLows = %+v", lows)
	}
	for _, l := range lows {
		name := menu.Products.Name[menu.Markets[0].Offers.Product[l.Offer]]
		if name == "Phantom Kush" && (l.Low == nil || *l.Low != 45 || l.RegularCharged || l.DaysSeen != nil) {
			t.Errorf("menu: Phantom Kush %+v", l.SaleLow)
		}
	}
	for name, low90 := range map[string]float64{"Rising Runtz": 30, "Newcomer OG": 15, "Honest Haze": 40, "Phantom Kush": 42} {
		var p publish.Product
		read(publish.PathProducts+scraper.ProductCode(data.Offer{Brand: "Lows Farm", Name: name, Category: data.Flower, Size: "3.5g", Grams: 3.5}), &p)
		if len(p.Offers) != 1 || p.Offers[0].Low90 == nil || *p.Offers[0].Low90 != low90 {
			t.Errorf("%s: product page offers %+v, want a 90-day low of %v", name, p.Offers, low90)
		}
	}
}
