package scraper

import (
	"cmp"
	"context"
	"math"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

// pricedAdapter answers every menu with one offer of the price its store id names.
type pricedAdapter struct{ prices map[string]float64 }

func (a pricedAdapter) Platform() string               { return "fake" }
func (a pricedAdapter) Validate(data.MenuSource) error { return nil }
func (a pricedAdapter) FetchMenu(_ context.Context, src data.MenuSource) (data.Menu, error) {
	o := offer("p-"+src.StoreID, data.Flower)
	o.Price = a.prices[src.StoreID]
	return data.Menu{Offers: []data.Offer{o, offer("other-"+src.StoreID, data.Vape)}, HTTPStatus: 200}, nil
}

// TestRunRefusesAbsurdPrices: menus whose prices cannot be prices (NaN, which SQLite
// would store as NULL and so refuse the whole batch of menus; 1.7e308, +Inf in cents)
// are stored with the price refused and a warning, beside a sound menu: one value
// never stops the run or the others.
func TestRunRefusesAbsurdPrices(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	prices := map[string]float64{"nan": math.NaN(), "huge": 1.7e308, "inf": math.Inf(-1), "sound": 30}
	var ds []data.Dispensary
	for id := range prices {
		ds = append(ds, data.Dispensary{Slug: id, Name: id, City: "Akron", Region: "Northeast",
			Menus: []data.MenuSource{{Market: data.Recreational, Platform: "fake", StoreID: id}}})
	}
	slices.SortFunc(ds, func(a, b data.Dispensary) int { return cmp.Compare(a.Slug, b.Slug) })
	sum, err := Run(ctx, db, data.Registry{Dispensaries: ds}, map[string]data.Adapter{"fake": pricedAdapter{prices}},
		RunOptions{Now: time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatalf("one absurd price stopped the run: %v", err)
	}
	if sum.MenusOK != 4 {
		t.Fatalf("menus ok %d, want 4: %+v", sum.MenusOK, sum.Results)
	}
	for _, r := range sum.Results {
		want := 1
		if r.Slug == "sound" {
			want = 0
		}
		if r.Warned != want {
			t.Errorf("%s: %d offers warned, want %d (%s)", r.Slug, r.Warned, want, r.Detail)
		}
	}
	sd, err := db.ReadShop(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if left := sd.LeftOut(); len(left) != 0 {
		t.Errorf("the store holds values a publish must leave out: %q", left)
	}
}
