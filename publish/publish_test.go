package publish_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/store"
)

var update = flag.Bool("update", false, "rewrite golden files")

var now = time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)

func ptr(f float64) *float64 { return &f }

// publishFiles publishes db with opts into a new folder, as omc publish does
// (publish.Publish), and reads back every file the manifest lists, and the manifest.
func publishFiles(t *testing.T, db *store.DB, opts publish.Options) (map[string][]byte, publish.Manifest) {
	t.Helper()
	opts.Out = filepath.Join(t.TempDir(), "out")
	res, err := publish.Publish(context.Background(), db, opts)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range append(res.Manifest.Files, publish.FileEntry{Path: publish.PathManifest}) {
		b, err := os.ReadFile(filepath.Join(opts.Out, filepath.FromSlash(f.Path)))
		if err != nil {
			t.Fatal(err)
		}
		files[f.Path] = b
	}
	return files, res.Manifest
}

// seed builds a store with five dispensaries in four regions, scraped by three runs: Bloom
// Akron current (tracked since May, its prices lower now), The Botanist Canton current
// (its own position from its platform's store record), RISE Toledo stale (good data
// 20 h ago, a failure now), Zen Leaf Dayton missing (its two menus have never been read)
// and Bloom Athens not monitored. The site's unit tests read what publish makes of it
// (siteFixture).
func seed(t *testing.T) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	jane := func(id, url string) []data.MenuSource {
		return []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: id, URL: url}}
	}
	ds := []data.Dispensary{
		{Slug: "bloom-akron", Name: "Bloom Akron", City: "Akron", Address: "737 E. North St.", County: "Summit", Region: "Northeast",
			Lat: 41.0814, Lng: -81.519, Coordinates: data.CoordinatesCity, Website: "https://bloommedicinals.com/", Medical: true, AdultUse: true,
			Menus: jane("1", "https://www.iheartjane.com/stores/1/bloom-akron/menu")},
		{Slug: "botanist-canton", Name: "The Botanist Canton", City: "Canton", County: "Stark", Region: "Northeast",
			Lat: 40.7989, Lng: -81.3784, Coordinates: data.CoordinatesCity, AdultUse: true, Menus: jane("2", "")},
		{Slug: "rise-toledo", Name: "RISE Toledo", City: "Toledo", Address: "3158 W. Sylvania Ave.", County: "Lucas", Region: "Northwest",
			Lat: 41.6639, Lng: -83.5822, Coordinates: data.CoordinatesCity, AdultUse: true, Menus: jane("3", "")},
		{Slug: "zen-leaf-dayton", Name: "Zen Leaf Dayton", City: "Dayton", County: "Montgomery", Region: "Southwest",
			Lat: 39.7589, Lng: -84.1916, Coordinates: data.CoordinatesCity, Medical: true, AdultUse: true,
			Menus: []data.MenuSource{{Market: data.Recreational, Platform: "dutchie", CName: "zl"}, {Market: data.Medical, Platform: "dutchie", CName: "zl"}}},
		{Slug: "bloom-athens", Name: "Bloom Athens", City: "Athens", County: "Athens", Region: "Southeast",
			Lat: 39.3292, Lng: -82.1013, Coordinates: data.CoordinatesCity, Medical: true},
	}
	if err := db.SyncDispensaries(ctx, ds, true, now); err != nil {
		t.Fatal(err)
	}
	var runID int64
	record := func(slug string, m data.Market, platform string, at time.Time, offers []data.Offer, ferr error) {
		t.Helper()
		if err := db.RecordMenuFetch(ctx, store.MenuFetch{RunID: runID, Slug: slug, Market: m, Platform: platform, At: at, Offers: offers, Err: ferr}); err != nil {
			t.Fatal(err)
		}
	}
	startRun := func(at time.Time) {
		t.Helper()
		if runID, err = db.StartRun(ctx, at); err != nil {
			t.Fatal(err)
		}
	}
	finishRun := func(at time.Time, ok, failed, offers int) {
		t.Helper()
		if err := db.FinishRun(ctx, runID, at, ok, failed, offers); err != nil {
			t.Fatal(err)
		}
	}
	akron := func(fuel, gelato float64) []data.Offer {
		return []data.Offer{
			{ProductID: "a1", Name: "Muul Fuel", Brand: "Klutch", Strain: "Muul Fuel", Category: data.Flower, Size: "2.83g", Grams: 2.83, Price: 38, SalePrice: fuel, InStock: true, THC: ptr(20), PotencyUnit: "%"},
			{ProductID: "a1", Name: "Muul Fuel", Brand: "Klutch", Strain: "Muul Fuel", Category: data.Flower, Size: "5.66g", Grams: 5.66, Price: 70, InStock: true, THC: ptr(20), PotencyUnit: "%"},
			{ProductID: "a2", Name: "Gelato 41", Strain: "Gelato 41", Category: data.Flower, Size: "2.83g", Grams: 2.83, Price: gelato, InStock: true},
			// The same product under its own id for another size, as Ohio menus list sizes.
			{ProductID: "a2-ounce", Name: "Gelato 41", Strain: "Gelato 41", Category: data.Flower, Size: "28.3g", Grams: 28.3, Price: 300, InStock: true},
			{ProductID: "a3", Name: "Out Of Stock Kush", Strain: "Out Of Stock Kush", Category: data.Flower, Grams: 1, Price: 1, InStock: false},
			{ProductID: "a4", Name: "Acapulco Gold Cart", Brand: "Bloom Cannabis", Category: data.Vape, Size: "1g", Grams: 1, Price: 35.5, SalePrice: 24.85, InStock: true, THC: ptr(82), PotencyUnit: "%"},
			{ProductID: "a5", Name: "Camino Gummies", Brand: "Kiva", Category: data.Edible, Size: "10pk/100mg", Milligrams: 100, Price: 25, InStock: true, THC: ptr(100), PotencyUnit: "mg"},
			{ProductID: "a6", Name: "Mystery Chocolate", Category: data.Edible, Price: 5, InStock: true},
			{ProductID: "a7", Name: "Bad Price Wax", Category: data.Extract, Grams: 1, Price: 0.01, InStock: true, Warnings: []string{"price below $1"}},
		}
	}
	// May: Bloom Akron's first months, at higher prices (the yearly highlights' price moves).
	may := time.Date(2026, 5, 4, 14, 0, 0, 0, time.UTC)
	startRun(may)
	record("bloom-akron", data.Recreational, "jane", may, akron(34, 36), nil)
	finishRun(may.Add(2*time.Minute), 1, 0, 9)
	// Yesterday's run: RISE Toledo read, Zen Leaf failing.
	startRun(now.Add(-20 * time.Hour))
	record("rise-toledo", data.Recreational, "jane", now.Add(-20*time.Hour), []data.Offer{
		{ProductID: "r1", Name: "Gelato 41", Brand: "Stale Brand", Strain: "Gelato 41", Category: data.Flower, Grams: 3.5, Price: 10, InStock: true},
	}, nil)
	record("zen-leaf-dayton", data.Recreational, "dutchie", now.Add(-20*time.Hour), nil, &data.FetchError{Reason: data.ReasonBlocked, Status: 403})
	record("zen-leaf-dayton", data.Medical, "dutchie", now.Add(-20*time.Hour), nil, &data.FetchError{Reason: data.ReasonBlocked, Status: 403})
	finishRun(now.Add(-20*time.Hour+3*time.Minute), 1, 2, 1)
	// This morning's run: Akron and Canton read, Toledo and Zen Leaf failing.
	startRun(now.Add(-3 * time.Hour))
	record("botanist-canton", data.Recreational, "jane", now.Add(-3*time.Hour), []data.Offer{
		{ProductID: "b1", Name: "muul fuel", Brand: "KLUTCH", Strain: "muul fuel", Category: data.Flower, Grams: 3.5, Price: 45, InStock: true},
		{ProductID: "b2", Name: "Live Resin Badder", Category: data.Extract, Size: "1g", Grams: 1, Price: 40, InStock: true},
	}, nil)
	record("bloom-akron", data.Recreational, "jane", now.Add(-2*time.Hour), akron(26.6, 30), nil)
	// Stale: good data 20 h ago, then a failure. Stale prices are not deals.
	record("rise-toledo", data.Recreational, "jane", now.Add(-2*time.Hour), nil, &data.FetchError{Reason: data.ReasonHTTPStatus, Status: 500})
	record("zen-leaf-dayton", data.Recreational, "dutchie", now.Add(-2*time.Hour), nil, &data.FetchError{Reason: data.ReasonBlocked, Status: 403})
	record("zen-leaf-dayton", data.Medical, "dutchie", now.Add(-2*time.Hour), nil, &data.FetchError{Reason: data.ReasonBlocked, Status: 403})
	finishRun(now.Add(-3*time.Hour+80*time.Minute), 2, 3, 11)
	// The Botanist's platform gave its own position.
	if err := db.RecordPlace(ctx, "botanist-canton", "jane", data.Place{Lat: 40.8051, Lng: -81.3962}, now.Add(-3*time.Hour)); err != nil {
		t.Fatal(err)
	}
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

// siteFixture keeps the site's copy of a golden file (site/src/testing/fixtures/<fixture>,
// which the site's unit tests serve and its schemas check) equal to the golden file;
// -update copies it. The site's fixtures are what publish writes, never written by hand.
func siteFixture(t *testing.T, name, fixture string) {
	t.Helper()
	want, err := os.ReadFile(filepath.Join("testdata", name+".golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "site", "src", "testing", "fixtures", filepath.FromSlash(fixture))
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test ./publish -update): %v", path, err)
	}
}

func TestBuildGolden(t *testing.T) {
	db := seed(t)
	files, m := publishFiles(t, db, publish.Options{Now: now, Producer: "omc test",
		Announcements: []data.Announcement{{Text: "shown"}, {Text: "expired", Until: now.Add(-time.Hour)}}})
	for name, path := range map[string]string{"announcements": publish.PathAnnouncements, "manifest": publish.PathManifest,
		"content-index": publish.ContentDir + "index"} {
		golden(t, name, files[path])
	}
	// The core snapshots, and the site's copies of them.
	for name, c := range map[string]struct{ path, fixture string }{
		"DispensaryStatus": {publish.PathStatus, "dispensary-status.json"},
		"statistics":       {publish.PathStatistics, "statistics.json"},
		"brands":           {publish.PathBrands, "brands.json"},
		"highlights":       {publish.PathHighlights, "highlights.json"},
		"pipeline":         {publish.PathPipeline, "pipeline.json"},
	} {
		golden(t, name, files[c.path])
		siteFixture(t, name, c.fixture)
	}
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
	files, _ := publishFiles(t, seed(t), publish.Options{Now: now})
	var st publish.Statistics
	if err := json.Unmarshal(files[publish.PathStatistics], &st); err != nil {
		t.Fatal(err)
	}
	t.Run("topFlower counts distinct stores with a current menu, case folded", func(t *testing.T) {
		if len(st.TopFlower) != 2 || st.TopFlower[0].Name != "Muul Fuel" || st.TopFlower[0].Count != 2 || st.TopFlower[1] != (publish.StrainCount{Name: "Gelato 41", Count: 1, Slug: "gelato-41"}) {
			t.Errorf("topFlower = %+v", st.TopFlower)
		}
	})
	t.Run("every deal writes every field", func(t *testing.T) {
		// The site's schema requires each: a field renamed here must fail its tests.
		want := "brand cost lastUpdate market name onSale regularPrice saleLow size slug storeLocation storeName unit unitPrice"
		var raw struct {
			TopDeals []map[string]any `json:"topDeals"`
		}
		if err := json.Unmarshal(files[publish.PathStatistics], &raw); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, region := range raw.TopDeals {
			for k, list := range region {
				deals, ok := list.([]any)
				if k == "region" || !ok {
					continue
				}
				for _, d := range deals {
					keys := slices.Sorted(maps.Keys(d.(map[string]any)))
					if got := strings.Join(keys, " "); got != want {
						t.Errorf("%s deal has %s, want %s", k, got, want)
					}
					n++
				}
			}
		}
		if n == 0 {
			t.Error("no deal checked")
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
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	d := data.Dispensary{Slug: "demo-store", Name: "Demo Store", City: "Akron", Region: "Northeast", Sample: true,
		Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "1"}}}
	if err := db.SyncDispensaries(ctx, []data.Dispensary{d}, true, now); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: d.Slug, Market: data.Recreational, Platform: "jane", At: now,
		Offers: []data.Offer{{ProductID: "1", Name: "Muul Fuel", Category: data.Flower, Grams: 3.5, Price: 40, InStock: true, Code: "muul-fuel-3-5g"}}}); err != nil {
		t.Fatal(err)
	}
	files, _ := publishFiles(t, db, publish.Options{Now: now, Producer: "omc test"})
	var m publish.Menu
	if err := json.Unmarshal(files[publish.PathMenus+"demo-store"], &m); err != nil {
		t.Fatal(err)
	}
	if !m.Sample {
		t.Error("a sample dispensary's menu is not marked sample")
	}
}

// TestCoordinatesOneRule: every snapshot that places a store says the same of whether
// the position is the store's own. Bloom Akron has a street address but sits on its
// city's centre (the registry says "city"); The Botanist Canton has no address but its
// platform's store record gave its own position ("store").
func TestCoordinatesOneRule(t *testing.T) {
	files, _ := publishFiles(t, seed(t), publish.Options{Now: now})
	var status []publish.DispensaryStatus
	var stores publish.SearchStores
	for path, v := range map[string]any{publish.PathStatus: &status, publish.PathSearchStores: &stores} {
		if err := json.Unmarshal(files[path], v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	for slug, want := range map[string]string{"bloom-akron": "city", "botanist-canton": "store"} {
		got := map[string]string{}
		for _, d := range status {
			if d.Slug == slug {
				got[publish.PathStatus] = d.Coordinates
			}
		}
		for _, s := range stores.Stores {
			if s.Slug == slug {
				got[publish.PathSearchStores] = s.Coordinates
			}
		}
		var m publish.Menu
		if err := json.Unmarshal(files[publish.PathMenus+slug], &m); err != nil {
			t.Fatal(err)
		}
		got[publish.PathMenus+slug] = m.Coordinates
		for path, c := range got {
			if c != want {
				t.Errorf("%s: %s says coordinates %q, want %q", slug, path, c, want)
			}
		}
		if len(got) != 3 {
			t.Errorf("%s is in %d of the 3 snapshots: %v", slug, len(got), got)
		}
	}
}
