package store

import (
	"context"
	"fmt"
	"github.com/ohiomc/omc/data"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// upTo stops Open's migrations after the named file, to make a database of an older schema.
func upTo(name string) Option { return func(db *DB) { db.migrateUpTo = name } }

func testCode(o data.Offer) string {
	return "code-" + strings.ToLower(strings.ReplaceAll(o.Name, " ", "-"))
}

// oldFetchRow and oldOfferRow are what the 0001 tables held, read back to compare.
type oldFetchRow struct {
	run                    int64
	slug, market, platform string
	category               data.Category
	at                     time.Time
	ok                     bool
	reason                 data.Reason
	status                 int
	detail                 string
	count                  int
}

func offerLine(slug string, m data.Market, at time.Time, o data.Offer) string {
	thc := "-"
	if o.THC != nil {
		thc = fmt.Sprint(*o.THC)
	}
	return fmt.Sprintf("%s|%s|%s|%s|%s|%s|%s|%s|%v|%v|%v|%v|%s|%s|%s", slug, m, at.UTC().Format(time.RFC3339Nano), o.ProductID,
		o.Size, o.Name, o.Brand, o.Category, o.Grams, o.Price, o.SalePrice, o.InStock, thc, strings.Join(o.Warnings, ";"), o.URL)
}

// buildOld makes a 0001 database the way the store wrote it before 0002: several runs of
// two dispensaries' three menus with price, sale and stock changes, offers dropping off
// and coming back, repeated ids, a price that is no whole number of cents, failures, and
// a run recorded with an earlier --now than the one before it.
func buildOld(t *testing.T, path string) (fetches []oldFetchRow, offers []string) {
	t.Helper()
	ctx := context.Background()
	db, err := Open(ctx, path, upTo("0001_init.sql"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	akron := data.Dispensary{Slug: "bloom-akron", Name: "Bloom Akron", City: "Akron", Region: "Northeast",
		Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "1"}, {Market: data.Medical, Platform: "jane", StoreID: "2"}}}
	athens := data.Dispensary{Slug: "zen-athens", Name: "Zen Athens", City: "Athens", Region: "Southeast",
		Menus: []data.MenuSource{{Market: data.Recreational, Platform: "dutchie", CName: "zen"}}}
	if err := db.syncDispensaries0001(ctx, []data.Dispensary{akron, athens}, true, t0); err != nil {
		t.Fatal(err)
	}
	thc := 22.5
	base := []data.Offer{
		{ProductID: "1", Name: "Muul Fuel", Brand: "Klutch", Strain: "Muul Fuel", Category: data.Flower, Size: "2.83g", Grams: 2.83, Price: 38, SalePrice: 26.6, InStock: true, THC: &thc, PotencyUnit: "%"},
		{ProductID: "1", Name: "Muul Fuel", Brand: "Klutch", Strain: "Muul Fuel", Category: data.Flower, Size: "5.66g", Grams: 5.66, Price: 70, InStock: true},
		{ProductID: "2", Name: "Acapulco Gold", Category: data.Vape, Size: "1g", Grams: 1, Price: 35.5, InStock: true, URL: "https://x.example/2"},
		// Two records with one id and size: they stay two offers.
		{ProductID: "3", Name: "Camino Gummies", Category: data.Edible, Milligrams: 100, Price: 25, InStock: true},
		{ProductID: "3", Name: "Camino Gummies Sour", Category: data.Edible, Milligrams: 100, Price: 27, InStock: true},
		{ProductID: "4", Name: "Tincture", Price: 33.333, InStock: false, Warnings: []string{"no size", "odd price"}},
	}
	var runAt []time.Time
	for i := range 6 {
		runAt = append(runAt, t0.Add(time.Duration(i)*4*time.Hour))
	}
	// The last run is recorded with an earlier --now, between runs 2 and 3.
	runAt[5] = t0.Add(10 * time.Hour)
	for i, at := range runAt {
		run, err := db.StartRun(ctx, at)
		if err != nil {
			t.Fatal(err)
		}
		menu := slices.Clone(base)
		switch i {
		case 1: // a price change and a sale ending
			menu[1].Price, menu[0].SalePrice = 65, 0
		case 2: // out of stock, and an offer no longer listed
			menu[1].Price, menu[0].SalePrice = 65, 0
			menu[2].InStock = false
			menu = slices.Delete(menu, 3, 4)
		case 3: // everything back as at first
		case 4: // a new product
			menu = append(menu, data.Offer{ProductID: "9", Name: "New Badder", Category: data.Extract, Size: "1g", Grams: 1, Price: 50, SalePrice: 40, InStock: true})
		case 5:
			menu[0].Price = 39.99
		}
		record := func(slug string, m data.Market, platform string, offers []data.Offer, err error) {
			t.Helper()
			if err := db.recordMenuFetch0001(ctx, MenuFetch{RunID: run, Slug: slug, Market: m, Platform: platform, At: at, Offers: offers, HTTPStatus: 200, Err: err}); err != nil {
				t.Fatal(err)
			}
		}
		record("bloom-akron", data.Recreational, "jane", menu, nil)
		if i == 2 {
			record("bloom-akron", data.Medical, "jane", nil, &data.FetchError{Reason: data.ReasonHTTPStatus, Status: 503, Detail: "busy"})
		} else {
			med := slices.Clone(menu)
			for j := range med {
				med[j].Price = med[j].Price * 0.9
			}
			record("bloom-akron", data.Medical, "jane", med, nil)
		}
		if i%2 == 0 {
			record("zen-athens", data.Recreational, "dutchie", menu[:2], nil)
		}
		if err := db.FinishRun(ctx, run, at, 3, 0, len(menu)); err != nil {
			t.Fatal(err)
		}
	}
	// Read back what the 0001 tables hold.
	rows, err := db.db.QueryContext(ctx, `SELECT coalesce(run_id, 0), slug, market, platform, category, fetched_at, ok, reason, http_status, detail, product_count FROM fetches`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var f oldFetchRow
		var at string
		if err := rows.Scan(&f.run, &f.slug, &f.market, &f.platform, &f.category, &at, &f.ok, &f.reason, &f.status, &f.detail, &f.count); err != nil {
			t.Fatal(err)
		}
		f.at, _ = parseTime(at)
		fetches = append(fetches, f)
	}
	rows.Close()
	rows, err = db.db.QueryContext(ctx, `SELECT l.slug, l.market, l.category, l.fetched_at, o.product_id, o.name, o.brand, o.strain,
		o.strain_type, o.raw_category, o.size, o.grams, o.mg, o.price, o.sale_price, o.in_stock, o.thc, o.cbd, o.potency_unit, o.warnings, o.url
		FROM fetches l JOIN offers o ON o.fetch_id = l.id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var so fetchedOffer
		var at, warnings string
		var thc, cbd *float64
		if err := rows.Scan(&so.Slug, &so.Market, &so.Category, &at, &so.ProductID, &so.Name, &so.Brand, &so.Strain, &so.StrainType,
			&so.RawCategory, &so.Size, &so.Grams, &so.Milligrams, &so.Price, &so.SalePrice, &so.InStock, &thc, &cbd, &so.PotencyUnit, &warnings, &so.URL); err != nil {
			t.Fatal(err)
		}
		so.THC, so.CBD = thc, cbd
		if warnings != "" {
			so.Warnings = strings.Split(warnings, "\n")
		}
		so.FetchedAt, _ = parseTime(at)
		offers = append(offers, offerLine(so.Slug, so.Market, so.FetchedAt, so.Offer))
	}
	rows.Close()
	return fetches, offers
}

func TestMigrate0002(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "omc.db")
	oldFetches, oldOffers := buildOld(t, path)
	if len(oldFetches) != 6*(6+6+3) || len(oldOffers) < 60 {
		t.Fatalf("old database: %d fetches, %d offers", len(oldFetches), len(oldOffers))
	}

	t.Run("ErrNoCodeFunction", func(t *testing.T) {
		db, err := Open(ctx, path)
		if err == nil || !strings.Contains(err.Error(), "WithProductCode") {
			t.Fatalf("open without a code function: %v", err)
		}
		_ = db
		// Nothing changed: the 0001 tables are all there.
		old, err := Open(ctx, path, upTo("0001_init.sql"))
		if err != nil {
			t.Fatal(err)
		}
		defer old.Close()
		var n int
		if err := old.db.QueryRowContext(ctx, `SELECT count(*) FROM offers`).Scan(&n); err != nil || n != len(oldOffers) {
			t.Fatalf("offers after a refused migration: %d, %v", n, err)
		}
	})

	db, err := Open(ctx, path, WithProductCode(testCode))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	t.Run("EveryFetch", func(t *testing.T) {
		var got []oldFetchRow
		err := db.EachFetch(ctx, func(f Fetch) error {
			got = append(got, oldFetchRow{f.RunID, f.Slug, string(f.Market), f.Platform, f.Category, f.FetchedAt, f.OK, f.Reason, f.HTTPStatus, f.Detail, f.Count})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		key := func(f oldFetchRow) string { return fmt.Sprintf("%+v", f) }
		want := sortedBy(oldFetches, key)
		if g := sortedBy(got, key); !slices.Equal(g, want) {
			t.Errorf("fetches after migration:\n%s\nwant:\n%s", strings.Join(g, "\n"), strings.Join(want, "\n"))
		}
	})

	t.Run("EveryPrice", func(t *testing.T) {
		var got []string
		// A name's codes: the menu lists Muul Fuel twice under one product id and size, and
		// the second listing has a code of its own (distinctCodes).
		codes := map[string]map[string]bool{}
		for _, so := range fetchedOffers(t, db, time.Time{}, t0.AddDate(1, 0, 0)) {
			got = append(got, offerLine(so.Slug, so.Market, so.FetchedAt, so.Offer))
			if codes[so.Name] == nil {
				codes[so.Name] = map[string]bool{}
			}
			codes[so.Name][so.Code] = true
		}
		slices.Sort(got)
		want := slices.Clone(oldOffers)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("offers after migration (%d, want %d):\n%s\nwant:\n%s", len(got), len(want), strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if !codes["Muul Fuel"]["code-muul-fuel"] || !codes["New Badder"]["code-new-badder"] {
			t.Errorf("codes = %v", codes)
		}
	})

	t.Run("LatestAndStatus", func(t *testing.T) {
		latest := latestOffers(t, db)
		// The latest fetch of the recreational menu is run 4's (t0+16h): every base offer
		// plus the new badder, all back in stock.
		var rec []string
		for _, o := range latest {
			if o.Slug == "bloom-akron" && o.Market == data.Recreational {
				rec = append(rec, fmt.Sprintf("%s %s %v %v %v", o.ProductID, o.Name, o.Price, o.SalePrice, o.InStock))
				if !o.FetchedAt.Equal(t0.Add(16 * time.Hour)) {
					t.Errorf("%s fetched at %s", o.Name, o.FetchedAt)
				}
			}
		}
		want := []string{"1 Muul Fuel 38 26.6 true", "1 Muul Fuel 70 0 true", "2 Acapulco Gold 35.5 0 true",
			"3 Camino Gummies 25 0 true", "3 Camino Gummies Sour 27 0 true", "4 Tincture 33.333 0 false", "9 New Badder 50 40 true"}
		if !slices.Equal(rec, want) {
			t.Errorf("latest recreational offers:\n%s", strings.Join(rec, "\n"))
		}
		sts, err := db.Statuses(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, cs := range sts[0].Markets[0].Categories {
			if !cs.LastUpdate.Equal(t0.Add(16*time.Hour)) || !cs.LastOK {
				t.Errorf("status %s %s: %+v", sts[0].Markets[0].Market, cs.Category, cs)
			}
		}
	})

	t.Run("OldTablesGone", func(t *testing.T) {
		var n int
		if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE name IN ('fetches', 'offers')`).Scan(&n); err != nil || n != 0 {
			t.Errorf("0001 tables left: %d, %v", n, err)
		}
		var runs int
		if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM runs`).Scan(&runs); err != nil || runs != 6 {
			t.Errorf("runs = %d, %v", runs, err)
		}
	})
}

func sortedBy[T any](xs []T, key func(T) string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = key(x)
	}
	slices.Sort(out)
	return out
}

var t0 = time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
