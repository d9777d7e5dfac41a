package publish_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/replay"
)

// largeStoreOffers is how many products a large Ohio store lists on each of its two
// menus: 700 offers in all (issue 24: its api/menus/<slug> ≤ 25 KB gzip).
const largeStoreOffers = 350

// largeStore is a large store of the demo's replay: its two menus (recreational and
// medical) on one platform, each listing the same largeStoreOffers products of the
// demo's pool (real Ohio, Pennsylvania and New Jersey records) at the demo's prices,
// every one with its product page (docs/platforms.md, product pages).
func largeStore(tb testing.TB, platform string) (data.Dispensary, replay.Dataset) {
	tb.Helper()
	embedded, err := data.DefaultRegistry(scraper.RegistryRules())
	if err != nil {
		tb.Fatal(err)
	}
	reg, err := replay.DemoRegistry(embedded)
	if err != nil {
		tb.Fatal(err)
	}
	demo, err := replay.DemoDataset(reg)
	if err != nil {
		tb.Fatal(err)
	}
	// Every product of the pool once, with the price one demo store gives it.
	seen := map[string]bool{}
	var products []replay.Product
	for _, st := range demo.Stores {
		for _, p := range st.Products {
			if !seen[p.ID] && len(p.Sizes) > 0 {
				seen[p.ID] = true
				for i := range p.Sizes {
					p.Sizes[i].InStock = true
				}
				products = append(products, p)
			}
		}
	}
	slices.SortFunc(products, func(a, b replay.Product) int { return strings.Compare(a.ID, b.ID) })
	if len(products) < largeStoreOffers {
		tb.Fatalf("the demo's pool has %d products, want %d", len(products), largeStoreOffers)
	}
	products = products[:largeStoreOffers]
	d := data.Dispensary{Slug: "large-store-columbus", Name: "Large Store Columbus", City: "Columbus", Address: "1 High St.",
		County: "Franklin", Region: "Central", Lat: 39.96, Lng: -83, Coordinates: data.CoordinatesCity, Medical: true, AdultUse: true}
	var ds replay.Dataset
	switch platform {
	case "dutchie":
		// One Dutchie menu serves both markets, the medical one at its own prices.
		for _, m := range []data.Market{data.Recreational, data.Medical} {
			d.Menus = append(d.Menus, data.MenuSource{Market: m, Platform: "dutchie", CName: "large-store-columbus"})
		}
		ds.Stores = []replay.Store{{Platform: "dutchie", Key: "large-store-columbus", DispensaryID: "5f0c1a2b3c4d5e6f7a8b9c0d", Name: d.Name,
			Slug: d.Slug, City: d.City, Markets: []data.Market{data.Recreational, data.Medical}, Products: products, MedicalPriceFactor: 0.93}}
	case "jane":
		// Jane has a store id per market.
		for i, m := range []data.Market{data.Recreational, data.Medical} {
			id := []string{"9101", "9102"}[i]
			d.Menus = append(d.Menus, data.MenuSource{Market: m, Platform: "jane", StoreID: id,
				URL: "https://www.iheartjane.com/stores/" + id + "/large-store-columbus-" + string(m) + "/menu"})
			ds.Stores = append(ds.Stores, replay.Store{Platform: "jane", Key: id, Name: d.Name, Slug: d.Slug, City: d.City,
				Markets: []data.Market{m}, Products: products, MedicalPriceFactor: 1})
		}
	default:
		tb.Fatalf("no large store on %s", platform)
	}
	return d, ds
}

// publishLargeStore scrapes the large store of platform from an in-process replay
// twice (a week apart, so that its offers are tracked) into a new database, publishes
// it as omc publish does and returns its api/menus/<slug>.
func publishLargeStore(tb testing.TB, platform string) []byte {
	tb.Helper()
	ctx := context.Background()
	d, ds := largeStore(tb, platform)
	url, shutdown, err := replay.New(&ds).Listen("127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer shutdown(ctx)
	reg := data.Registry{Dispensaries: []data.Dispensary{d},
		Platforms: map[string]data.PlatformConfig{platform: {BaseURL: url, Settings: replay.DemoPlatformSettings()[platform]}}}
	dir := tb.TempDir()
	db, err := data.Open(ctx, filepath.Join(dir, "omc.db"), data.WithProductCode(scraper.ProductCode))
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	o := scraper.DefaultOptions()
	o.Delay, o.Retries, o.Robots = 0, 0, false
	adapters, err := scraper.NewAdapters(scraper.NewEngine(o), reg.Platforms)
	if err != nil {
		tb.Fatal(err)
	}
	for _, at := range []time.Time{benchNow.Add(-7 * 24 * time.Hour), benchNow} {
		sum, err := scraper.Run(ctx, db, reg, adapters, scraper.RunOptions{Now: at, ReplaceRegistry: true})
		if err != nil || sum.MenusFailed > 0 {
			tb.Fatalf("scrape: %v, %d menus failed", err, sum.MenusFailed)
		}
	}
	out := filepath.Join(dir, "out")
	if _, err := publish.Publish(ctx, db, publish.Options{Out: out, Now: benchNow}); err != nil {
		tb.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(publish.PathMenus+d.Slug)))
	if err != nil {
		tb.Fatal(err)
	}
	return raw
}

// gzipLen is the size of raw compressed by gzip at level.
func gzipLen(raw []byte, level int) int {
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, level)
	w.Write(raw)
	w.Close()
	return gz.Len()
}

// BenchmarkPublishLargeStore publishes a large store (two menus of 350 offers, every
// offer with its product page, scraped from the replay) and reports the size of its
// api/menus/<slug>: as written, and compressed by gzip at the default level (what omc
// serve's compressor and most CDNs use) and at the best. Not timed: a size.
func BenchmarkPublishLargeStore(b *testing.B) {
	for _, platform := range []string{"dutchie", "jane"} {
		b.Run(platform, func(b *testing.B) {
			var raw []byte
			for range b.N {
				raw = publishLargeStore(b, platform)
			}
			var m publish.Menu
			if err := json.Unmarshal(raw, &m); err != nil {
				b.Fatal(err)
			}
			offers := 0
			for _, mk := range m.Markets {
				offers += len(mk.Offers.Product)
			}
			b.ReportMetric(float64(offers), "offers")
			b.ReportMetric(float64(len(raw))/1000, "menu-kB")
			b.ReportMetric(float64(gzipLen(raw, gzip.DefaultCompression))/1000, "menu-gzip-kB")
			b.ReportMetric(float64(gzipLen(raw, gzip.BestCompression))/1000, "menu-gzip9-kB")
		})
	}
}
