package store

import (
	"context"
	"github.com/ohiomc/omc/data"
	"path/filepath"
	"testing"
	"time"
)

// TestMenuPageRecorded: RecordMenuFetch keeps the menu's page for shoppers; a fetch that
// knows none (a failure, an adapter without one) keeps the page recorded before, and
// EachMenu hands it out with the menu's offers.
func TestMenuPageRecorded(t *testing.T) {
	ctx, db, at := shopStore(t)
	if err := db.SyncDispensaries(ctx, []data.Dispensary{{Slug: "a", Name: "A", Menus: []data.MenuSource{{Market: data.Recreational, Platform: "dutchie", CName: "a"}}}}, true, at); err != nil {
		t.Fatal(err)
	}
	offer := data.Offer{ProductID: "1", Name: "Fuel", Category: data.Flower, Size: "1g", Grams: 1, Price: 10, InStock: true,
		URL: "https://dutchie.com/dispensary/a/product/fuel"}
	const page = "https://dutchie.com/dispensary/a"
	for i, mf := range []MenuFetch{
		{Slug: "a", Market: data.Recreational, Platform: "dutchie", At: at, Offers: []data.Offer{offer}, Page: page},
		{Slug: "a", Market: data.Recreational, Platform: "dutchie", At: at.Add(time.Hour), Offers: []data.Offer{offer}},
		{Slug: "a", Market: data.Recreational, Platform: "dutchie", At: at.Add(2 * time.Hour), Err: &data.FetchError{Reason: data.ReasonBlocked, Status: 403}},
	} {
		if err := db.RecordMenuFetch(ctx, mf); err != nil {
			t.Fatalf("fetch %d: %v", i, err)
		}
	}
	sd, err := db.ReadShop(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []MenuOffers
	if err := sd.EachMenu(func(m MenuOffers) error { got = append(got, m); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Page != page || len(got[0].Offers) != 1 || got[0].Offers[0].Desc.URL != offer.URL {
		t.Fatalf("EachMenu gave %+v, want menu a with page %s and its offer's product page", got, page)
	}
}

// TestMenuPageMigration: a database made before 0005 opens, keeps its menus and offers,
// and records pages from then on.
func TestMenuPageMigration(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	at := time.Date(2026, 7, 1, 10, 0, 0, 0, time.UTC)
	old, err := Open(ctx, path, upTo("0004_roster.sql"))
	if err != nil {
		t.Fatal(err)
	}
	if err := old.SyncDispensaries(ctx, []data.Dispensary{{Slug: "a", Name: "A", Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "1"}}}}, true, at); err != nil {
		t.Fatal(err)
	}
	// The 0004 schema has no page_url: record as that version did.
	if _, err := old.db.ExecContext(ctx, `INSERT INTO menus (slug, market, platform) VALUES ('a', 'recreational', 'jane')`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("open the old database: %v", err)
	}
	defer db.Close()
	var n int
	var page string
	if err := db.db.QueryRowContext(ctx, `SELECT COUNT(*), MAX(page_url) FROM menus`).Scan(&n, &page); err != nil {
		t.Fatal(err)
	}
	if n != 1 || page != "" {
		t.Fatalf("%d menus with page %q after the migration, want the old one with none", n, page)
	}
	offer := data.Offer{ProductID: "1", Name: "Fuel", Category: data.Flower, Size: "1g", Grams: 1, Price: 10, InStock: true}
	if err := db.RecordMenuFetch(ctx, MenuFetch{Slug: "a", Market: data.Recreational, Platform: "jane", At: at, Offers: []data.Offer{offer},
		Page: "https://www.iheartjane.com/stores/1/a/menu"}); err != nil {
		t.Fatal(err)
	}
	if err := db.db.QueryRowContext(ctx, `SELECT COUNT(*), MAX(page_url) FROM menus`).Scan(&n, &page); err != nil {
		t.Fatal(err)
	}
	if n != 1 || page != "https://www.iheartjane.com/stores/1/a/menu" {
		t.Errorf("%d menus with page %q, want the same menu with the page recorded", n, page)
	}
}
