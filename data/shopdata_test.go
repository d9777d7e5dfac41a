package data

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// TestReadShopNewerMenu reads a store where a series belongs to a menu the read of the
// menus did not see (a scrape running beside the publish made both in between): the
// series is newer than the read and is left out, not an error.
func TestReadShopNewerMenu(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	at := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	if err := db.SyncDispensaries(ctx, []Dispensary{{Slug: "a", Name: "A", Menus: []MenuSource{{Market: Recreational, Platform: "jane", StoreID: "1"}}}}, true, at); err != nil {
		t.Fatal(err)
	}
	offer := Offer{ProductID: "1", Name: "Fuel", Category: Flower, Size: "1g", Grams: 1, Price: 10, InStock: true}
	if err := db.RecordMenuFetch(ctx, MenuFetch{Slug: "a", Market: Recreational, Platform: "jane", At: at, Offers: []Offer{offer}}); err != nil {
		t.Fatal(err)
	}
	// A series of menu 99, which no menus row names (as if made after the menus read).
	conn, err := db.db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, q := range []string{`PRAGMA foreign_keys = OFF`,
		`INSERT INTO offer_series (menu_id, product_id, name, category, first_seen, last_seen, changed_at, price, in_stock, listed)
			VALUES (99, '2', 'Later', 'Flower', 1, 1, 1, 5, 1, 1)`,
		`PRAGMA foreign_keys = ON`} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	conn.Close()
	sd, err := db.ReadShop(ctx)
	if err != nil {
		t.Fatalf("ReadShop: %v", err)
	}
	n := 0
	if err := sd.EachMenu(func(m MenuOffers) error { n += len(m.Offers); return nil }); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("%d offers listed, want the one of menu a", n)
	}
}
