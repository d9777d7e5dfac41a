package publish_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
)

var update = flag.Bool("update", false, "rewrite golden files")

var now = time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)

func ptr(f float64) *float64 { return &f }

// seed builds a store with three dispensaries: one current, one stale (20 h), one never
// fetched, and one not monitored.
func seed(t *testing.T) *data.DB {
	t.Helper()
	ctx := context.Background()
	db, err := data.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	jane := func(id string) []data.MenuSource {
		return []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: id}}
	}
	ds := []data.Dispensary{
		{Slug: "bloom-akron", Name: "Bloom Akron", City: "Akron", Address: "737 E. North St.", Region: "Northeast", Menus: jane("1")},
		{Slug: "botanist-canton", Name: "The Botanist Canton", City: "Canton", Region: "Northeast", Menus: jane("2")},
		{Slug: "rise-toledo", Name: "RISE Toledo", City: "Toledo", Region: "Northwest", Menus: jane("3")},
		{Slug: "zen-leaf-dayton", Name: "Zen Leaf Dayton", City: "Dayton", Region: "Southwest",
			Menus: []data.MenuSource{{Market: data.Recreational, Platform: "dutchie", CName: "zl"}, {Market: data.Medical, Platform: "dutchie", CName: "zl"}}},
		{Slug: "bloom-athens", Name: "Bloom Athens", City: "Athens", Region: "Southeast"},
	}
	if err := db.SyncDispensaries(ctx, ds, true, now); err != nil {
		t.Fatal(err)
	}
	record := func(slug string, m data.Market, at time.Time, offers []data.Offer, ferr error) {
		t.Helper()
		if err := db.RecordMenuFetch(ctx, data.MenuFetch{Slug: slug, Market: m, Platform: "jane", At: at, Offers: offers, Err: ferr}); err != nil {
			t.Fatal(err)
		}
	}
	record("bloom-akron", data.Recreational, now.Add(-2*time.Hour), []data.Offer{
		{ProductID: "a1", Name: "Muul Fuel", Brand: "Klutch", Strain: "Muul Fuel", Category: data.Flower, Size: "2.83g", Grams: 2.83, Price: 38, SalePrice: 26.6, InStock: true, THC: ptr(20)},
		{ProductID: "a1", Name: "Muul Fuel", Brand: "Klutch", Strain: "Muul Fuel", Category: data.Flower, Size: "5.66g", Grams: 5.66, Price: 70, InStock: true},
		{ProductID: "a2", Name: "Gelato 41", Strain: "Gelato 41", Category: data.Flower, Size: "2.83g", Grams: 2.83, Price: 30, InStock: true},
		// The same product under its own id for another size, as Ohio menus list sizes.
		{ProductID: "a2-ounce", Name: "Gelato 41", Strain: "Gelato 41", Category: data.Flower, Size: "28.3g", Grams: 28.3, Price: 300, InStock: true},
		{ProductID: "a3", Name: "Out Of Stock Kush", Strain: "Out Of Stock Kush", Category: data.Flower, Grams: 1, Price: 1, InStock: false},
		{ProductID: "a4", Name: "Acapulco Gold Cart", Brand: "Bloom Cannabis", Category: data.Vape, Size: "1g", Grams: 1, Price: 35.5, SalePrice: 24.85, InStock: true},
		{ProductID: "a5", Name: "Camino Gummies", Category: data.Edible, Size: "10pk/100mg", Milligrams: 100, Price: 25, InStock: true},
		{ProductID: "a6", Name: "Mystery Chocolate", Category: data.Edible, Price: 5, InStock: true},
		{ProductID: "a7", Name: "Bad Price Wax", Category: data.Extract, Grams: 1, Price: 0.01, InStock: true, Warnings: []string{"price below $1"}},
	}, nil)
	record("botanist-canton", data.Recreational, now.Add(-3*time.Hour), []data.Offer{
		{ProductID: "b1", Name: "muul fuel", Brand: "KLUTCH", Strain: "muul fuel", Category: data.Flower, Grams: 3.5, Price: 45, InStock: true},
		{ProductID: "b2", Name: "Live Resin Badder", Category: data.Extract, Size: "1g", Grams: 1, Price: 40, InStock: true},
	}, nil)
	// Stale: good data 20 h ago, then a failure now. Stale prices are not deals.
	record("rise-toledo", data.Recreational, now.Add(-20*time.Hour), []data.Offer{
		{ProductID: "r1", Name: "Gelato 41", Brand: "Stale Brand", Strain: "Gelato 41", Category: data.Flower, Grams: 3.5, Price: 10, InStock: true},
	}, nil)
	record("rise-toledo", data.Recreational, now, nil, &data.FetchError{Reason: data.ReasonHTTPStatus, Status: 500})
	return db
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, got, "", "  "); err != nil {
		t.Fatalf("%s: not JSON: %v", name, err)
	}
	path := filepath.Join("testdata", name+".golden.json")
	if *update {
		if err := os.WriteFile(path, pretty.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./publish -update)", err)
	}
	if !bytes.Equal(pretty.Bytes(), want) {
		t.Errorf("%s differs from %s:\n%s", name, path, pretty.String())
	}
}

func TestBuildGolden(t *testing.T) {
	db := seed(t)
	files, m, err := publish.Build(context.Background(), db, publish.Options{Now: now, Producer: "omc test",
		Announcements: []data.Announcement{{Text: "shown"}, {Text: "expired", Until: now.Add(-time.Hour)}}})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "DispensaryStatus", files[publish.PathStatus])
	golden(t, "statistics", files[publish.PathStatistics])
	golden(t, "announcements", files[publish.PathAnnouncements])
	golden(t, "manifest", files[publish.PathManifest])
	golden(t, "brands", files[publish.PathBrands])
	golden(t, "highlights", files[publish.PathHighlights])
	golden(t, "content-index", files[publish.ContentDir+"index"])
	s := m.Summary
	// 5 dispensaries, 4 monitored, 5 menus × 5 tiles: akron and canton current (10), toledo stale (5), zen leaf missing (10).
	if s.Dispensaries != 5 || s.Monitored != 4 || s.NotMonitored != 1 || s.Menus != 5 || s.Current != 10 || s.Stale != 5 || s.Missing != 10 {
		t.Errorf("summary = %+v", s)
	}
	if string(files[publish.PathAnnouncements]) != `[{"text":"shown"}]` {
		t.Errorf("announcements = %s", files[publish.PathAnnouncements])
	}
}

func TestStatisticsRules(t *testing.T) {
	db := seed(t)
	files, _, err := publish.Build(context.Background(), db, publish.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	var st publish.Statistics
	if err := json.Unmarshal(files[publish.PathStatistics], &st); err != nil {
		t.Fatal(err)
	}
	t.Run("topFlower counts distinct stores with a current menu, case folded", func(t *testing.T) {
		if len(st.TopFlower) != 2 || st.TopFlower[0].Name != "Muul Fuel" || st.TopFlower[0].Count != 2 || st.TopFlower[1] != (publish.StrainCount{Name: "Gelato 41", Count: 1}) {
			t.Errorf("topFlower = %+v", st.TopFlower)
		}
	})
	t.Run("regions in fixed order", func(t *testing.T) {
		var got []string
		for _, r := range st.TopDeals {
			got = append(got, r.Region)
		}
		if len(got) != 5 || got[0] != "Northeast" || got[4] != "Southeast" {
			t.Errorf("regions = %v", got)
		}
	})
	ne := st.TopDeals[0]
	t.Run("flower per gram, sale price paid", func(t *testing.T) {
		if len(ne.Flower) != 3 || ne.Flower[0].Name != "Muul Fuel" || ne.Flower[0].Cost != 26.6 || ne.Flower[0].UnitPrice != 9.4 || !ne.Flower[0].OnSale {
			t.Errorf("flower = %+v", ne.Flower)
		}
	})
	t.Run("one deal per product name per store, its best size", func(t *testing.T) {
		n := 0
		for _, d := range ne.Flower {
			if d.Name == "Gelato 41" && d.StoreName == "Bloom Akron" {
				n++
				if d.Size != "2.83g" {
					t.Errorf("kept %s, want the cheaper-per-gram 2.83g", d.Size)
				}
			}
		}
		if n != 1 {
			t.Errorf("%d Gelato 41 deals at Bloom Akron: %+v", n, ne.Flower)
		}
	})
	t.Run("edibles per 100 mg, unknown dose left out", func(t *testing.T) {
		if len(ne.Edible) != 1 || ne.Edible[0].Unit != "100mg" || ne.Edible[0].UnitPrice != 25 {
			t.Errorf("edible = %+v", ne.Edible)
		}
	})
	t.Run("warned offers left out", func(t *testing.T) {
		if len(ne.Extract) != 1 || ne.Extract[0].Name != "Live Resin Badder" {
			t.Errorf("extract = %+v", ne.Extract)
		}
	})
	t.Run("stale menus give no deals", func(t *testing.T) {
		if len(st.TopDeals[1].Flower) != 0 {
			t.Errorf("northwest flower = %+v", st.TopDeals[1].Flower)
		}
	})
}

func TestPublishWritesTree(t *testing.T) {
	db := seed(t)
	out := filepath.Join(t.TempDir(), "site-data")
	res, err := publish.Publish(context.Background(), db, publish.Options{Out: out, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Manifest.Files {
		b, err := os.ReadFile(filepath.Join(out, f.Path))
		if err != nil || len(b) != f.Size {
			t.Errorf("%s: %v, %d bytes, manifest says %d", f.Path, err, len(b), f.Size)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "manifest.json")); err != nil {
		t.Error(err)
	}
	if _, err := publish.Publish(context.Background(), db, publish.Options{Now: now}); err == nil {
		t.Error("publish without --out succeeded")
	}
}

// TestBuildSampleFromRegistry checks that a dispensary the registry marks sample makes
// the shopping data say it is sample data, without --sample.
func TestBuildSampleFromRegistry(t *testing.T) {
	ctx := context.Background()
	db, err := data.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	d := data.Dispensary{Slug: "demo-store", Name: "Demo Store", City: "Akron", Region: "Northeast", Sample: true,
		Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "1"}}}
	if err := db.SyncDispensaries(ctx, []data.Dispensary{d}, true, now); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordMenuFetch(ctx, data.MenuFetch{Slug: d.Slug, Market: data.Recreational, Platform: "jane", At: now,
		Offers: []data.Offer{{ProductID: "1", Name: "Muul Fuel", Category: data.Flower, Grams: 3.5, Price: 40, InStock: true, Code: "muul-fuel-3-5g"}}}); err != nil {
		t.Fatal(err)
	}
	files, _, err := publish.Build(ctx, db, publish.Options{Now: now, Producer: "omc test"})
	if err != nil {
		t.Fatal(err)
	}
	var m publish.Menu
	if err := json.Unmarshal(files[publish.PathMenus+"demo-store"], &m); err != nil {
		t.Fatal(err)
	}
	if !m.Sample {
		t.Error("a sample dispensary's menu is not marked sample")
	}
}
