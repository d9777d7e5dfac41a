package store

import (
	"context"
	"github.com/ohiomc/omc/data"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestRecordGrowsWithChange(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	d := data.Dispensary{Slug: "a", Name: "A", City: "Akron", Region: "Northeast", Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "1"}}}
	if err := db.SyncDispensaries(ctx, []data.Dispensary{d}, true, t0); err != nil {
		t.Fatal(err)
	}
	menu := []data.Offer{
		{ProductID: "1", Name: "Muul Fuel", Category: data.Flower, Size: "3.5g", Grams: 3.5, Price: 40, InStock: true, Code: "muul-fuel-3-5g",
			Terpenes: []data.Terpene{{Name: "Myrcene"}}, Lineage: []string{"Face Off OG", "Gelato"}},
		{ProductID: "2", Name: "Gelato", Category: data.Flower, Size: "3.5g", Grams: 3.5, Price: 35, InStock: true},
	}
	record := func(at time.Time, offers []data.Offer) {
		t.Helper()
		if err := db.RecordMenuFetch(ctx, MenuFetch{Slug: "a", Market: data.Recreational, Platform: "jane", At: at, Offers: offers}); err != nil {
			t.Fatal(err)
		}
	}
	counts := func() (series, fetches, withChanges int) {
		t.Helper()
		err := db.db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM offer_series), (SELECT count(*) FROM menu_fetches),
			(SELECT count(*) FROM menu_fetches WHERE changes IS NOT NULL)`).Scan(&series, &fetches, &withChanges)
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	for i := range 3 {
		record(t0.Add(time.Duration(i)*4*time.Hour), menu)
	}
	if s, f, c := counts(); s != 2 || f != 3 || c != 1 {
		t.Fatalf("three identical fetches: %d series, %d fetches, %d with changes; want 2, 3, 1", s, f, c)
	}
	// A new process (no cache) sees the same history and records nothing new either.
	db2, err := Open(ctx, db.Path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db2.RecordMenuFetch(ctx, MenuFetch{Slug: "a", Market: data.Recreational, Platform: "jane", At: t0.Add(12 * time.Hour), Offers: menu}); err != nil {
		t.Fatal(err)
	}
	db2.Close()
	if s, f, c := counts(); s != 2 || f != 4 || c != 1 {
		t.Fatalf("after a fetch by another process: %d series, %d fetches, %d with changes", s, f, c)
	}
	// This process's cache is stale now; it must notice.
	changed := slices.Clone(menu)
	changed[0].SalePrice = 30
	changed = changed[:1]
	record(t0.Add(16*time.Hour), changed)
	if s, f, c := counts(); s != 2 || f != 5 || c != 2 {
		t.Fatalf("after a change: %d series, %d fetches, %d with changes", s, f, c)
	}
	var got []string
	for _, so := range fetchedOffers(t, db, t0, t0.Add(24*time.Hour)) {
		got = append(got, so.FetchedAt.Sub(t0).String()+" "+so.Name+" "+so.Code)
		if so.Name == "Muul Fuel" && (len(so.Terpenes) != 1 || so.Terpenes[0].Name != "Myrcene" || len(so.Lineage) != 2) {
			t.Errorf("terpenes and lineage lost: %+v", so.Offer)
		}
		if so.FetchedAt.Equal(t0.Add(16*time.Hour)) && so.Cost() != 30 {
			t.Errorf("after the change: %+v", so.Offer)
		}
	}
	want := "0s Muul Fuel muul-fuel-3-5g,0s Gelato ,4h0m0s Muul Fuel muul-fuel-3-5g,4h0m0s Gelato ,8h0m0s Muul Fuel muul-fuel-3-5g,8h0m0s Gelato ," +
		"12h0m0s Muul Fuel muul-fuel-3-5g,12h0m0s Gelato ,16h0m0s Muul Fuel muul-fuel-3-5g"
	if strings.Join(got, ",") != want {
		t.Errorf("history:\n%s\nwant\n%s", strings.Join(got, ","), want)
	}
	var listed int
	var lastSeen int64
	if err := db.db.QueryRowContext(ctx, `SELECT listed, last_seen FROM offer_series WHERE product_id = '2'`).Scan(&listed, &lastSeen); err != nil {
		t.Fatal(err)
	}
	if listed != 0 || !fromNano(lastSeen).Equal(t0.Add(12*time.Hour)) {
		t.Errorf("dropped offer: listed %d, last seen %s", listed, fromNano(lastSeen))
	}
}

func TestRecordErrEarlierThanLastFetch(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	d := data.Dispensary{Slug: "a", Name: "A", City: "Akron", Region: "Northeast", Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "1"}}}
	if err := db.SyncDispensaries(ctx, []data.Dispensary{d}, true, t0); err != nil {
		t.Fatal(err)
	}
	offers := []data.Offer{{ProductID: "1", Name: "X", Category: data.Flower, Price: 10, InStock: true}}
	if err := db.RecordMenuFetch(ctx, MenuFetch{Slug: "a", Market: data.Recreational, Platform: "jane", At: t0, Offers: offers}); err != nil {
		t.Fatal(err)
	}
	err = db.RecordMenuFetch(ctx, MenuFetch{Slug: "a", Market: data.Recreational, Platform: "jane", At: t0.Add(-time.Hour), Offers: offers})
	if err == nil || !strings.Contains(err.Error(), "before the menu's last fetch") {
		t.Fatalf("an earlier fetch: %v", err)
	}
	var n int
	if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM menu_fetches`).Scan(&n); err != nil || n != 1 {
		t.Errorf("fetches = %d, %v", n, err)
	}
}

// A batch with a bad fetch records the good ones and refuses only the bad one, whose
// menu keeps the cache entry of its last recorded fetch.
func TestRecordMenuFetchesRollsBackOnlyTheBadFetch(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var ds []data.Dispensary
	for _, slug := range []string{"a", "b"} {
		ds = append(ds, data.Dispensary{Slug: slug, Name: slug, City: "Akron", Region: "Northeast", Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "1"}}})
	}
	if err := db.SyncDispensaries(ctx, ds, true, t0); err != nil {
		t.Fatal(err)
	}
	offers := []data.Offer{{ProductID: "1", Name: "X", Category: data.Flower, Price: 10, InStock: true}}
	fetch := func(slug string, at time.Time, price float64) MenuFetch {
		o := slices.Clone(offers)
		o[0].Price = price
		return MenuFetch{Slug: slug, Market: data.Recreational, Platform: "jane", At: at, Offers: o}
	}
	if err := db.RecordMenuFetch(ctx, fetch("a", t0, 10)); err != nil {
		t.Fatal(err)
	}
	// a's fetch an hour before its last is refused; its price change must not stay in
	// the cache, nor its rows in the database; b's fetch is recorded.
	// b's fetch comes first: written, rolled back with the batch, then written again alone.
	errs := db.RecordMenuFetches(ctx, []MenuFetch{fetch("b", t0, 10), fetch("a", t0.Add(-time.Hour), 12)})
	if len(errs) != 2 || errs[1] == nil || !strings.Contains(errs[1].Error(), "before the menu's last fetch") || errs[0] != nil {
		t.Fatalf("errors %v", errs)
	}
	count := func(query string) int {
		t.Helper()
		var n int
		if err := db.db.QueryRowContext(ctx, query).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if f, s := count(`SELECT count(*) FROM menu_fetches`), count(`SELECT count(*) FROM offer_series`); f != 2 || s != 2 {
		t.Fatalf("%d fetches, %d series; want 2, 2", f, s)
	}
	// a at 12 later: a change from 10, recorded as one.
	if errs := db.RecordMenuFetches(ctx, []MenuFetch{fetch("a", t0.Add(4*time.Hour), 12), fetch("b", t0.Add(4*time.Hour), 10)}); errs[0] != nil || errs[1] != nil {
		t.Fatal(errs)
	}
	if c := count(`SELECT count(*) FROM menu_fetches WHERE changes IS NOT NULL`); c != 3 {
		t.Errorf("%d fetches with changes; want 3 (a's and b's first, a's price)", c)
	}
	if p := count(`SELECT CAST(price AS INTEGER) FROM offer_series s JOIN menus m ON m.id = s.menu_id WHERE m.slug = 'a'`); p != 12 {
		t.Errorf("a's price %d, want 12", p)
	}
}
