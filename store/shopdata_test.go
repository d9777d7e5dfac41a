package store

import (
	"context"
	"github.com/ohiomc/omc/data"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// shopStore is an empty store in the test's folder, closed when the test ends, and the
// time its tests record at.
func shopStore(t *testing.T) (context.Context, *DB, time.Time) {
	t.Helper()
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return ctx, db, time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
}

// TestReadShopNewerMenu reads a store where a series belongs to a menu the read of the
// menus did not see (a scrape running beside the publish made both in between): the
// series is newer than the read and is left out, not an error.
func TestReadShopNewerMenu(t *testing.T) {
	ctx, db, at := shopStore(t)
	if err := db.SyncDispensaries(ctx, []data.Dispensary{{Slug: "a", Name: "A", Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "1"}}}}, true, at); err != nil {
		t.Fatal(err)
	}
	offer := data.Offer{ProductID: "1", Name: "Fuel", Category: data.Flower, Size: "1g", Grams: 1, Price: 10, InStock: true}
	if err := db.RecordMenuFetch(ctx, MenuFetch{Slug: "a", Market: data.Recreational, Platform: "jane", At: at, Offers: []data.Offer{offer}}); err != nil {
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

// TestReadShopParts reads a store in several id ranges at once (readSeries) and checks
// that the parts join as one read would: series in id order, one description for
// offers described alike whichever part read them, and that EachListed gives the
// descriptions of EachMenu's offers.
func TestReadShopParts(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	ctx, db, at := shopStore(t)
	menu := func(platform, id string) data.MenuSource {
		return data.MenuSource{Market: data.Recreational, Platform: platform, StoreID: id}
	}
	ds := []data.Dispensary{{Slug: "a", Name: "A", Menus: []data.MenuSource{menu("jane", "1"), menu("dutchie", "2")}}, {Slug: "b", Name: "B", Menus: []data.MenuSource{menu("jane", "3")}}}
	if err := db.SyncDispensaries(ctx, ds, true, at); err != nil {
		t.Fatal(err)
	}
	fuel := data.Offer{ProductID: "1", Name: "Fuel", Brand: "Klutch", Category: data.Flower, Size: "3.5g", Grams: 3.5, Price: 40, InStock: true}
	haze := data.Offer{ProductID: "2", Name: "Haze", Category: data.Vape, Size: "1g", Grams: 1, Price: 30, InStock: true}
	gone := data.Offer{ProductID: "3", Name: "Gone", Category: data.Edible, Size: "100mg", Milligrams: 100, Price: 20, InStock: true}
	for _, f := range []MenuFetch{
		{Slug: "a", Market: data.Recreational, Platform: "jane", At: at.Add(-2 * time.Hour), Offers: []data.Offer{haze}},
		{Slug: "b", Market: data.Recreational, Platform: "jane", At: at.Add(-2 * time.Hour), Offers: []data.Offer{fuel, gone, haze}},
		{Slug: "b", Market: data.Recreational, Platform: "jane", At: at.Add(-time.Hour), Offers: []data.Offer{fuel, haze}},
		// a's dutchie menu, fetched last, lists the market: fuel as b lists it.
		{Slug: "a", Market: data.Recreational, Platform: "dutchie", At: at, Offers: []data.Offer{fuel}},
	} {
		if err := db.RecordMenuFetch(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	sd, err := db.ReadShop(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if sd.Series() != 5 {
		t.Fatalf("read %d series, want 5", sd.Series())
	}
	last := int32(-1)
	for id, slot := range sd.slot {
		if slot >= 0 && slot != last+1 {
			t.Errorf("series %d at slot %d, want %d: the parts are not joined in id order", id, slot, last+1)
		}
		if slot >= 0 {
			last = slot
		}
	}
	byName := map[string][]*data.Offer{}
	for _, s := range sd.series {
		byName[s.desc.Name] = append(byName[s.desc.Name], s.desc)
	}
	for name, descs := range byName {
		for _, d := range descs[1:] {
			if d != descs[0] {
				t.Errorf("%s is described by %d descriptions, want one shared", name, len(descs))
				break
			}
		}
	}
	var fromMenus, listed []string
	if err := sd.EachMenu(func(m MenuOffers) error {
		for _, lo := range m.Offers {
			fromMenus = append(fromMenus, m.Slug+":"+lo.Desc.Name)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	sd.EachListed(func(o *data.Offer) { listed = append(listed, o.Name) })
	if got, want := strings.Join(fromMenus, " "), "a:Fuel b:Fuel b:Haze"; got != want {
		t.Errorf("EachMenu lists %s, want %s", got, want)
	}
	if got, want := strings.Join(listed, " "), "Fuel Fuel Haze"; got != want {
		t.Errorf("EachListed gives %s, want %s", got, want)
	}
}
