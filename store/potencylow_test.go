package store

import (
	"github.com/ohiomc/omc/data"
	"path/filepath"
	"testing"
	"time"
)

// TestPotencyLowMigration opens a store made before 0006_potency_low.sql, with an offer
// recorded then, migrates it and records a range: the old row keeps its single figure
// (no lower end), the new one keeps both ends through two fetches.
func TestPotencyLowMigration(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "omc.db")
	at := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	old, err := Open(ctx, path, upTo("0005_menu_page.sql"))
	if err != nil {
		t.Fatal(err)
	}
	ds := []data.Dispensary{{Slug: "a", Name: "A", Menus: []data.MenuSource{{Market: data.Recreational, Platform: "dutchie", StoreID: "1"}}}}
	if err := old.SyncDispensaries(ctx, ds, true, at); err != nil {
		t.Fatal(err)
	}
	thc, top, low := 21.0, 24.5, 18.0
	// The row as the scrape wrote it before 0006: its columns, no lower ends.
	if _, err := old.db.ExecContext(ctx, `INSERT INTO menus (slug, market, platform) VALUES ('a', 'recreational', 'dutchie')`); err != nil {
		t.Fatal(err)
	}
	if _, err := old.db.ExecContext(ctx, `INSERT INTO offer_series (menu_id, product_id, size, name, category, grams, thc,
		potency_unit, first_seen, last_seen, changed_at, price, in_stock, listed)
		VALUES (1, '1', '3.5g', 'Fuel', 'Flower', 3.5, ?, '%', ?, ?, ?, 40, 1, 1)`, thc, at.UnixNano(), at.UnixNano(), at.UnixNano()); err != nil {
		t.Fatal(err)
	}
	before := data.Offer{ProductID: "1", Name: "Fuel", Category: data.Flower, Size: "3.5g", Grams: 3.5, Price: 40, InStock: true, THC: &thc, PotencyUnit: "%"}
	old.Close()

	db, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("migrating a store with offers: %v", err)
	}
	defer db.Close()
	read := func() map[string]*data.Offer {
		t.Helper()
		sd, err := db.ReadShop(ctx)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]*data.Offer{}
		for _, s := range sd.series {
			out[s.desc.ProductID] = s.desc
		}
		return out
	}
	if o := read()["1"]; o == nil || o.THC == nil || *o.THC != thc || o.THCLow != nil || o.CBDLow != nil {
		t.Fatalf("the old row after the migration: %+v, want THC %v and no lower end", o, thc)
	}
	ranged := data.Offer{ProductID: "2", Name: "Haze", Category: data.Flower, Size: "3.5g", Grams: 3.5, Price: 40, InStock: true,
		THC: &top, THCLow: &low, PotencyUnit: "%"}
	for i := range 2 {
		if err := db.RecordMenuFetch(ctx, MenuFetch{Slug: "a", Market: data.Recreational, Platform: "dutchie",
			At: at.Add(time.Duration(i+1) * time.Hour), Offers: []data.Offer{before, ranged}}); err != nil {
			t.Fatal(err)
		}
	}
	got := read()
	if o := got["2"]; o == nil || o.THC == nil || *o.THC != top || o.THCLow == nil || *o.THCLow != low {
		t.Fatalf("the range after two fetches: %+v, want THC %v from %v", o, top, low)
	}
	if o := got["1"]; o.THCLow != nil {
		t.Errorf("the single figure gained a lower end %v", *o.THCLow)
	}
}
