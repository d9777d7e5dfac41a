package publish_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/replay"
)

// menuFile is the part of api/menus/<slug> these tests read.
type menuFile struct {
	Markets []struct {
		Market string `json:"market"`
		Offers struct {
			Product []int      `json:"product"`
			THC     []*float64 `json:"thc"`
			THCLow  []*float64 `json:"thcLow"`
		} `json:"offers"`
	} `json:"markets"`
	Products struct {
		Code, Name, Brand, Size, Category []string
	} `json:"products"`
}

// published is one publish of a store: its menu file and the manifest's collisions.
type published struct {
	menu       menuFile
	collisions []string
	// strains are api/strains/index's names, topFlower api/statistics' top strains.
	strains, topFlower []string
}

// scrapeAndPublish scrapes the store d from an in-process replay of ds through the real
// adapters into a new SQLite database, once a week before benchNow and once at it, and
// publishes after each scrape as omc publish does.
func scrapeAndPublish(t *testing.T, d data.Dispensary, ds replay.Dataset, platform string) []published {
	t.Helper()
	ctx := context.Background()
	url, shutdown, err := replay.New(&ds).Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer shutdown(ctx)
	reg := data.Registry{Dispensaries: []data.Dispensary{d},
		Platforms: map[string]data.PlatformConfig{platform: {BaseURL: url, Settings: replay.DemoPlatformSettings()[platform]}}}
	dir := t.TempDir()
	db, adapters := newScrapeDB(t, dir, reg)
	defer db.Close()
	var out []published
	for i, at := range []time.Time{benchNow.Add(-7 * 24 * time.Hour), benchNow} {
		sum, err := scraper.Run(ctx, db, reg, adapters, scraper.RunOptions{Now: at, ReplaceRegistry: true})
		if err != nil || sum.MenusFailed > 0 {
			t.Fatalf("scrape: %v, %d menus failed", err, sum.MenusFailed)
		}
		dest := filepath.Join(dir, "out", string(rune('a'+i)))
		res, err := publish.Publish(ctx, db, publish.Options{Out: dest, Now: at})
		if err != nil {
			t.Fatal(err)
		}
		raw, err := os.ReadFile(filepath.Join(dest, filepath.FromSlash(publish.PathMenus+d.Slug)))
		if err != nil {
			t.Fatal(err)
		}
		var p published
		if err := json.Unmarshal(raw, &p.menu); err != nil {
			t.Fatalf("menus/%s: %v", d.Slug, err)
		}
		p.collisions = res.Manifest.CodeCollisions
		p.strains, p.topFlower = strainNames(t, dest)
		out = append(out, p)
	}
	return out
}

// strainNames reads the strain names api/strains/index and api/statistics' topFlower
// list in the published tree dest.
func strainNames(t *testing.T, dest string) (index, top []string) {
	t.Helper()
	var idx struct{ Strains []struct{ Name string } }
	var stats struct{ TopFlower []struct{ Name string } }
	for path, v := range map[string]any{publish.PathStrains + "index": &idx, publish.PathStatistics: &stats} {
		raw, err := os.ReadFile(filepath.Join(dest, filepath.FromSlash(path)))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	for _, s := range idx.Strains {
		index = append(index, s.Name)
	}
	for _, s := range stats.TopFlower {
		top = append(top, s.Name)
	}
	return index, top
}

// checkStrainsAreStrains fails when a strain name ends with a product's form or kind
// ("Tangie Cart", "Chimera #3 Live Rosin Disposable"): the large store sells carts,
// disposables, pods, live resin, rosin and badder of many strains.
func checkStrainsAreStrains(t *testing.T, p published) {
	t.Helper()
	if len(p.strains) < 100 || len(p.topFlower) == 0 {
		t.Fatalf("%d strains, %d top strains: want the large store's", len(p.strains), len(p.topFlower))
	}
	for _, name := range append(append([]string(nil), p.strains...), p.topFlower...) {
		words := strings.Fields(strings.ToLower(strings.NewReplacer("-", " ", "_", " ").Replace(name)))
		for n := 1; n <= data.MaxFormWords && n <= len(words); n++ {
			end := strings.Join(words[len(words)-n:], " ")
			if _, form := data.FormSpellings[end]; form || end == "vape" || end == "pre roll" || end == "gummies" {
				t.Errorf("strain %q ends with the product word %q", name, end)
			}
		}
	}
}

// storeListingTwice is the large store of the demo (real Ohio records, among them a
// store's smalls and whole buds of one strain, and a cart and a disposable of one oil)
// with one more item that repeats one of its items word for word under another product
// id, as a store listing one item twice does; twin is that item's code.
func storeListingTwice(t *testing.T, platform string) (data.Dispensary, replay.Dataset, replay.Product) {
	d, ds := largeStore(t, platform)
	var twin replay.Product
	for _, p := range ds.Stores[0].Products {
		if p.Category == data.Flower && p.Subtype == "whole buds" {
			twin = p
			break
		}
	}
	if twin.ID == "" {
		t.Fatal("the large store has no whole-bud flower")
	}
	again := twin
	again.ID = "9" + twin.ID
	again.Sizes = append([]replay.Size(nil), twin.Sizes...)
	for i := range ds.Stores {
		ds.Stores[i].Products = append(ds.Stores[i].Products, again)
	}
	return d, ds, twin
}

func TestOneCodePerItemAStoreSells(t *testing.T) {
	for _, platform := range []string{"jane", "dutchie"} {
		t.Run(platform, func(t *testing.T) {
			d, ds, twin := storeListingTwice(t, platform)
			pubs := scrapeAndPublish(t, d, ds, platform)
			for i, p := range pubs {
				checkCodesDistinct(t, i, p.menu)
				for _, mk := range p.menu.Markets {
					// The replay's figures are single: no column of lower ends.
					if mk.Offers.THCLow != nil {
						t.Errorf("publish %d, %s menu: thcLow %v without a range", i+1, mk.Market, mk.Offers.THCLow)
					}
				}
			}
			first, last := pubs[0].menu, pubs[1].menu
			// Stable across publishes: the same items, the same codes.
			if a, b := strings.Join(first.Products.Code, " "), strings.Join(last.Products.Code, " "); a != b {
				t.Errorf("codes changed between two publishes of one menu:\n%s\n%s", a, b)
			}
			byCode := map[string]string{}
			for i, c := range last.Products.Code {
				byCode[c] = last.Products.Name[i]
			}
			for code, name := range map[string]string{
				"king-city-gardens-dulce-de-uva-flower-3-5g":         "Dulce De Uva",
				"king-city-gardens-dulce-de-uva-smalls-flower-3-5g":  "Dulce De Uva Smalls",
				"ancient-roots-chimera-3-live-rosin-vape-0-5g":       "Chimera #3 Live Rosin",
				"ancient-roots-chimera-3-live-rosin-disposable-0-5g": "Chimera #3 Live Rosin Disposable",
			} {
				if got, ok := byCode[code]; !ok || got != name {
					t.Errorf("code %s: name %q (listed %v), want %q", code, got, ok, name)
				}
			}
			// The item listed twice: one keeps its code, the other gets its product id's,
			// and the manifest says so for each market.
			twinCode := twinCodeOf(t, last, twin)
			if byCode[twinCode] == "" {
				t.Errorf("the item listed twice lost its code %s", twinCode)
			}
			if len(pubs[1].collisions) != 2 {
				t.Fatalf("collisions reported: %q, want one per market for %s", pubs[1].collisions, twinCode)
			}
			for _, c := range pubs[1].collisions {
				if !strings.Contains(c, "2 items share "+twinCode+":") || !strings.Contains(c, " as "+twinCode+"-") {
					t.Errorf("collision %q does not say that two items shared %s and what the second became", c, twinCode)
				}
			}
			renamed := 0
			for _, c := range last.Products.Code {
				if strings.HasPrefix(c, twinCode+"-") {
					renamed++
				}
			}
			if renamed == 0 {
				t.Errorf("no product of the menu has a code of its own beside %s", twinCode)
			}
			checkCodesKept(t, platform, last, twinCode)
			checkStrainsAreStrains(t, pubs[1])
		})
	}
}

// twinCodeOf is the code of the item twin as the scrape gives it (whole buds: no form).
func twinCodeOf(t *testing.T, m menuFile, twin replay.Product) string {
	t.Helper()
	code := scraper.ProductCode(data.Offer{Name: twin.Name, Brand: twin.Brand, Category: twin.Category,
		Subtype: twin.Subtype, Grams: twin.Sizes[0].Grams})
	for _, c := range m.Products.Code {
		if c == code {
			return code
		}
	}
	t.Fatalf("no product %s in the menu", code)
	return ""
}

// checkCodesDistinct fails when a market of the menu lists one code on two offers.
func checkCodesDistinct(t *testing.T, publishNo int, m menuFile) {
	t.Helper()
	for _, mk := range m.Markets {
		seen := map[string]bool{}
		for _, p := range mk.Offers.Product {
			code := m.Products.Code[p]
			if seen[code] {
				t.Errorf("publish %d, %s menu: code %s on two offers", publishNo+1, mk.Market, code)
			}
			seen[code] = true
		}
		if len(seen) < 300 {
			t.Errorf("publish %d, %s menu: %d offers, want the large store's", publishNo+1, mk.Market, len(seen))
		}
	}
}

// checkCodesKept compares the menu's codes with the ones published before forms
// counted (testdata/large-store-codes-<platform>.tsv): an item that the old publish
// named alone (its name, brand, size and category on one row only) and that the new
// menu lists under the same words has the same code. Only the items whose form told
// them apart changed: their names now say the form.
func checkCodesKept(t *testing.T, platform string, m menuFile, twinCode string) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "large-store-codes-"+platform+".tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	old := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); !strings.HasPrefix(line, "#") {
			code, key, _ := strings.Cut(line, "\t")
			old[key] = append(old[key], code)
		}
	}
	if len(old) < 300 {
		t.Fatalf("testdata holds %d items", len(old))
	}
	kept, changed := 0, 0
	for i, code := range m.Products.Code {
		key := strings.Join([]string{m.Products.Name[i], m.Products.Brand[i], m.Products.Size[i], m.Products.Category[i]}, "\t")
		before, ok := old[key]
		switch {
		case strings.HasPrefix(code, twinCode+"-"):
			// The item listed twice: its second listing has a code of its own.
		case !ok:
			changed++
		case len(before) == 1 && before[0] != code:
			t.Errorf("%s: code %s, published before as %s", strings.ReplaceAll(key, "\t", " | "), code, before[0])
		case len(before) == 1:
			kept++
		}
	}
	// 350 items, of which the disposables, pods, the vapes of another oil than
	// distillate, the extracts whose subtype says more than their name, and the smalls
	// gained a form; the whole buds, pre-rolls, distillate carts and edibles kept their
	// codes.
	if kept < 200 || changed == 0 {
		t.Errorf("%d items kept their codes, %d gained a form", kept, changed)
	}
	t.Logf("%s: %d items kept their codes, %d gained a form", platform, kept, changed)
}
