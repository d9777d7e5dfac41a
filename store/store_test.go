package store_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

// MustOpenDB opens a fresh database file in a temporary directory.
func MustOpenDB(tb testing.TB) *store.DB {
	tb.Helper()
	db, _ := mustOpenDBFile(tb)
	return db
}

// mustOpenDBFile is MustOpenDB with the database's file, for the checks that read the file itself.
func mustOpenDBFile(tb testing.TB) (*store.DB, string) {
	tb.Helper()
	file := filepath.Join(tb.TempDir(), "omc.db")
	db, err := store.Open(context.Background(), file)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db, file
}

var (
	t0    = time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	akron = data.Dispensary{Slug: "bloom-akron", Name: "Bloom Akron", City: "Akron", Address: "737 E. North St.", Region: "Northeast",
		Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "2410"}, {Market: data.Medical, Platform: "jane", StoreID: "2411"}}}
	athens = data.Dispensary{Slug: "bloom-athens", Name: "Bloom Athens", City: "Athens", Region: "Southeast"}
)

func offers() []data.Offer {
	thc := 21.5
	return []data.Offer{
		{ProductID: "1", Name: "Muul Fuel", Strain: "Muul Fuel", Category: data.Flower, Size: "2.83g", Grams: 2.83, Price: 38, SalePrice: 26.6, InStock: true, THC: &thc, PotencyUnit: "%"},
		{ProductID: "1", Name: "Muul Fuel", Strain: "Muul Fuel", Category: data.Flower, Size: "5.66g", Grams: 5.66, Price: 70, InStock: true},
		{ProductID: "2", Name: "Acapulco Gold", Category: data.Vape, Size: "1g", Grams: 1, Price: 35.5, InStock: true},
		{ProductID: "3", Name: "Tincture", Category: data.Other, Price: 50, InStock: false, Warnings: []string{"no size"}},
	}
}

func TestStore(t *testing.T) {
	ctx := context.Background()
	t.Run("OK", func(t *testing.T) {
		db := MustOpenDB(t)
		if err := db.SyncDispensaries(ctx, []data.Dispensary{akron, athens}, true, t0); err != nil {
			t.Fatal(err)
		}
		run, err := db.StartRun(ctx, t0)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.RecordMenuFetch(ctx, store.MenuFetch{RunID: run, Slug: "bloom-akron", Market: data.Recreational, Platform: "jane", At: t0, Offers: offers(), HTTPStatus: 200}); err != nil {
			t.Fatal(err)
		}
		sts, err := db.Statuses(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(sts) != 2 || sts[0].Dispensary.Slug != "bloom-akron" || len(sts[0].Markets) != 2 || len(sts[1].Markets) != 0 {
			t.Fatalf("statuses = %+v", sts)
		}
		rec := sts[0].Markets[0]
		want := map[data.Category]int{data.Flower: 1, data.Preroll: 0, data.Vape: 1, data.Extract: 0, data.Edible: 0}
		for _, cs := range rec.Categories {
			if cs.Count != want[cs.Category] || !cs.LastUpdate.Equal(t0) || cs.LastReason != data.ReasonOK {
				t.Errorf("%s: %+v", cs.Category, cs)
			}
		}
		for _, cs := range sts[0].Markets[1].Categories {
			if cs.Count != -1 || !cs.LastUpdate.IsZero() {
				t.Errorf("never fetched medical %s: %+v", cs.Category, cs)
			}
		}
		got := eachMenu(t, readShop(t, db))
		if len(got) != 4 || got[0].SalePrice != 26.6 || got[0].Desc.THC == nil || *got[0].Desc.THC != 21.5 || got[3].Desc.Warnings[0] != "no size" || got[3].InStock {
			t.Errorf("latest offers = %+v", got)
		}
	})
	t.Run("ErrFailedFetchKeepsEarlierData", func(t *testing.T) {
		db := MustOpenDB(t)
		if err := db.SyncDispensaries(ctx, []data.Dispensary{akron}, true, t0); err != nil {
			t.Fatal(err)
		}
		if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: "bloom-akron", Market: data.Recreational, Platform: "jane", At: t0, Offers: offers()}); err != nil {
			t.Fatal(err)
		}
		failErr := &data.FetchError{Reason: data.ReasonHTTPStatus, Status: 500, Detail: "server error"}
		later := t0.Add(20 * time.Hour)
		if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: "bloom-akron", Market: data.Recreational, Platform: "jane", At: later, Err: failErr}); err != nil {
			t.Fatal(err)
		}
		sts, _ := db.Statuses(ctx)
		fl := sts[0].Markets[0].Categories[0]
		if !fl.LastUpdate.Equal(t0) || fl.Count != 1 || fl.LastOK || fl.LastReason != data.ReasonHTTPStatus || !fl.LastAttempt.Equal(later) {
			t.Errorf("flower after failure = %+v", fl)
		}
		if got := eachMenu(t, readShop(t, db)); len(got) != 4 {
			t.Errorf("failed fetch lost offers: %d left", len(got))
		}
	})
	t.Run("ErrUnknownDispensary", func(t *testing.T) {
		db := MustOpenDB(t)
		err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: "nope", Market: data.Recreational, Platform: "jane", At: t0})
		if err == nil {
			t.Fatal("recording a fetch for an unknown dispensary succeeded")
		}
		sts, _ := db.Statuses(ctx)
		if len(sts) != 0 {
			t.Errorf("statuses = %v", sts)
		}
	})
	t.Run("RegistryReplaceHidesRemoved", func(t *testing.T) {
		db := MustOpenDB(t)
		_ = db.SyncDispensaries(ctx, []data.Dispensary{akron, athens}, true, t0)
		_ = db.SyncDispensaries(ctx, []data.Dispensary{athens}, true, t0)
		ds, err := db.Dispensaries(ctx)
		if err != nil || len(ds) != 1 || ds[0].Slug != "bloom-athens" {
			t.Errorf("dispensaries = %v, %v", ds, err)
		}
	})
	t.Run("Reopen", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "omc.db")
		for range 2 {
			db, err := store.Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			db.Close()
		}
	})
}
