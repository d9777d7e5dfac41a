package publish_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/store"
)

func TestBuildHighlights(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	menu := []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "1"}}
	ds := []data.Dispensary{
		{Slug: "a", Name: "A", City: "Akron", Region: "Northeast", Menus: menu},
		{Slug: "b", Name: "B", City: "Berea", Region: "Northeast", Menus: menu},
	}
	if err := db.SyncDispensaries(ctx, ds, true, time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	flower := func(name string, grams, price float64) data.Offer {
		return data.Offer{ProductID: name, Name: name, Strain: name, Brand: "Klutch", Category: data.Flower, Grams: grams, Price: price, InStock: true}
	}
	record := func(slug string, at time.Time, offers ...data.Offer) {
		t.Helper()
		if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: slug, Market: data.Recreational, Platform: "jane", At: at, Offers: offers}); err != nil {
			t.Fatal(err)
		}
	}
	// 2025-12-31 23:00 in Ohio is already 2026 in UTC: it belongs to 2025.
	record("a", time.Date(2026, 1, 1, 4, 0, 0, 0, time.UTC), flower("Old Kush", 3.5, 35))
	record("a", time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC), flower("Wedding Cake", 2.83, 40), flower("Gelato", 2.83, 20))
	record("b", time.Date(2026, 1, 12, 12, 0, 0, 0, time.UTC), flower("wedding cake", 3.5, 50))
	record("a", time.Date(2026, 3, 5, 12, 0, 0, 0, time.UTC), flower("Wedding Cake", 2.83, 30), flower("Gelato", 2.83, 15))
	// A failed fetch counts as a fetch, not as a tracked menu.
	if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: "b", Market: data.Recreational, Platform: "jane",
		At: time.Date(2026, 3, 6, 12, 0, 0, 0, time.UTC), Err: &data.FetchError{Reason: data.ReasonTimeout}}); err != nil {
		t.Fatal(err)
	}
	// After --now: not seen.
	record("b", time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC), flower("Future Haze", 1, 1))

	files, _ := publishFiles(t, db, publish.Options{Now: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)})
	var h publish.Highlights
	if err := json.Unmarshal(files[publish.PathHighlights], &h); err != nil {
		t.Fatal(err)
	}
	if len(h.Years) != 2 || h.Years[0].Year != 2026 || h.Years[1].Year != 2025 {
		t.Fatalf("years = %+v", h.Years)
	}
	y := h.Years[0]
	if y.MenusTracked != 2 || y.Dispensaries != 2 || y.Products != 2 {
		t.Errorf("2026 counts: %+v", y)
	}
	// Fetches are per category: every menu fetch records the six categories.
	if y.Fetches != 4*len(data.AllCategories) {
		t.Errorf("2026 fetches = %d", y.Fetches)
	}
	if len(y.TopStrains) != 2 || y.TopStrains[0] != (publish.StrainCount{Name: "Wedding Cake", Count: 2}) || y.TopStrains[1].Name != "Gelato" {
		t.Errorf("top strains = %+v", y.TopStrains)
	}
	// January per gram: 40/2.83=14.13, 20/2.83=7.07, 50/3.5=14.29 → median 14.13;
	// March: 30/2.83=10.60, 15/2.83=5.30 → median 7.95.
	if len(y.PriceMoves) != 1 {
		t.Fatalf("price moves = %+v", y.PriceMoves)
	}
	pm := y.PriceMoves[0]
	if pm.Category != data.Flower || pm.Unit != "g" || pm.FirstMonth != "2026-01" || pm.LastMonth != "2026-03" || pm.From != 14.13 || pm.To != 7.95 || pm.ChangePercent != -43.8 {
		t.Errorf("price move = %+v", pm)
	}
	old := h.Years[1]
	if old.Products != 1 || len(old.PriceMoves) != 0 || old.TopStrains[0].Name != "Old Kush" {
		t.Errorf("2025 = %+v", old)
	}
}
