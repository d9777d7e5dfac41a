package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ohiomc/omc/publish"
)

// TestDemoSecondScrapeChanges checks that the demo's two scrapes leave history, new
// products and sales to show: menus list offers new since the first scrape, some
// product's daily prices differ between the two days, and everything says it is sample.
func TestDemoSecondScrapeChanges(t *testing.T) {
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	dir := t.TempDir()
	c := DefaultConfig()
	c.DB, c.Out, c.Now, c.Sample = filepath.Join(dir, "omc.db"), filepath.Join(dir, "out"), demoNow.Format(time.RFC3339), true
	var out, errOut bytes.Buffer
	d := testDeps(&out, &errOut)
	ctx := context.Background()
	if _, _, err := run.scrapeTwice(ctx, c, d, demoNow); err != nil {
		t.Fatal(err)
	}
	if _, err := runPublish(ctx, &c, d); err != nil {
		t.Fatal(err)
	}
	read := func(path string, v any) {
		t.Helper()
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	menus, _ := filepath.Glob(filepath.Join(c.Out, publish.PathMenus+"*"))
	newOffers, onSale := 0, 0
	for _, path := range menus {
		var m publish.Menu
		read(path, &m)
		if !m.Sample {
			t.Errorf("%s: not marked sample", path)
		}
		for _, mk := range m.Markets {
			for _, o := range mk.Offers {
				if o.IsNew {
					newOffers++
				}
				if o.SalePrice != nil {
					onSale++
				}
			}
		}
	}
	products, _ := filepath.Glob(filepath.Join(c.Out, publish.PathProducts+"*"))
	moved := 0
	for _, path := range products {
		var p publish.Product
		read(path, &p)
		first := map[string]float64{}
		for _, h := range p.History {
			if v, ok := first[string(h.Market)]; ok && v != h.Median {
				moved++
				break
			}
			first[string(h.Market)] = h.Median
		}
	}
	if newOffers == 0 || onSale == 0 || moved == 0 {
		t.Errorf("after the demo's two scrapes: %d new offers, %d on sale, %d products whose price moved from one day to the next (%d menus, %d products)",
			newOffers, onSale, moved, len(menus), len(products))
	}
	t.Logf("%d new offers, %d on sale, %d products whose price moved", newOffers, onSale, moved)
}
