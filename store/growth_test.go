package store

import (
	"context"
	"fmt"
	"github.com/ohiomc/omc/data"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// growthMenu is a 2,000-product menu shaped like a Jane one (names, brands, strains,
// sizes, potency, product URLs).
func growthMenu() []data.Offer {
	cats := []data.Category{data.Flower, data.Vape, data.Preroll, data.Edible, data.Extract}
	var out []data.Offer
	for i := range 2000 {
		thc := 18 + float64(i%120)/10
		out = append(out, data.Offer{
			ProductID: fmt.Sprint(5000000 + i), Name: fmt.Sprintf("Strain Name %d Live Resin", i), Brand: fmt.Sprintf("Brand %d", i%60),
			Strain: fmt.Sprintf("Strain Name %d", i), StrainType: "hybrid", Category: cats[i%5], RawCategory: "flower",
			Size: "eighth ounce", Grams: 3.5, Price: 35 + float64(i%30), InStock: true, THC: &thc, PotencyUnit: "%",
			URL:  fmt.Sprintf("https://www.iheartjane.com/stores/2410/products/%d/strain-name-%d", 5000000+i, i),
			Code: fmt.Sprintf("brand-%d-strain-name-%d-live-resin-3-5g", i%60, i),
		})
	}
	return out
}

func closedSize(tb testing.TB, path string) int64 {
	tb.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		tb.Fatal(err)
	}
	return fi.Size()
}

// BenchmarkUnchangedMenu records the same 2,000-product menu ten times, four hours
// apart, with the write path of the 0001 schema (every offer copied on every fetch) and
// with today's (only changes), and reports the growth over the first fetch and the bytes
// each unchanged fetch costs per offer.
func BenchmarkUnchangedMenu(b *testing.B) {
	ctx := context.Background()
	menu := growthMenu()
	t0 := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	d := data.Dispensary{Slug: "bloom-akron", Name: "Bloom Akron", City: "Akron", Region: "Northeast",
		Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "2410"}}}
	for _, schema := range []string{"0001", "0002"} {
		b.Run(schema, func(b *testing.B) {
			for range b.N {
				path := filepath.Join(b.TempDir(), "omc.db")
				open := func() *DB {
					var opts []Option
					if schema == "0001" {
						opts = append(opts, upTo("0001_init.sql"))
					}
					db, err := Open(ctx, path, opts...)
					if err != nil {
						b.Fatal(err)
					}
					return db
				}
				record := func(db *DB, at time.Time) {
					mf := MenuFetch{Slug: d.Slug, Market: data.Recreational, Platform: "jane", At: at, Offers: menu, HTTPStatus: 200}
					var err error
					if schema == "0001" {
						err = db.recordMenuFetch0001(ctx, mf)
					} else {
						err = db.RecordMenuFetch(ctx, mf)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
				db := open()
				var err error
				if schema == "0001" {
					err = db.syncDispensaries0001(ctx, []data.Dispensary{d}, true, t0)
				} else {
					err = db.SyncDispensaries(ctx, []data.Dispensary{d}, true, t0)
				}
				if err != nil {
					b.Fatal(err)
				}
				record(db, t0)
				db.Close()
				first := closedSize(b, path)
				db = open()
				for i := 1; i < 10; i++ {
					record(db, t0.Add(time.Duration(i)*4*time.Hour))
				}
				db.Close()
				after := closedSize(b, path)
				b.ReportMetric(float64(first)/1024, "KiB-after-1")
				b.ReportMetric(float64(after)/1024, "KiB-after-10")
				b.ReportMetric(float64(after)/float64(first), "x-first")
				b.ReportMetric(float64(after-first)/float64(9*len(menu)), "bytes/offer/unchanged-fetch")
			}
		})
	}
}
