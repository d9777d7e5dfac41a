package publish_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/store"
)

// shopDB is a store with a week of Bloom Akron's history, two current menus of The
// Botanist Canton, a stale RISE Toledo, a missing Zen Leaf Dayton and Bloom Athens
// without menus. now is 2026-07-01 12:00 UTC (08:00 in Ohio, a Wednesday).
func shopDB(t *testing.T) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.Code = scraper.ProductCode
	rec := func(platform, id, url string) data.MenuSource {
		return data.MenuSource{Market: data.Recreational, Platform: platform, StoreID: id, URL: url}
	}
	ds := []data.Dispensary{
		// Its position is its own (the registry says so); the others' are their cities'.
		{Slug: "bloom-akron", Name: "Bloom Akron", City: "Akron", Address: "737 E. North St.", Region: "Northeast", Lat: 41.09, Lng: -81.5,
			Coordinates: data.CoordinatesStore, Website: "https://bloom.example", Menus: []data.MenuSource{rec("jane", "1", "https://bloom.example/menu")}},
		{Slug: "botanist-canton", Name: "The Botanist Canton", City: "Canton", Region: "Northeast", Lat: 40.8, Lng: -81.38,
			Menus: []data.MenuSource{rec("jane", "2", ""), {Market: data.Medical, Platform: "jane", StoreID: "3"}}},
		{Slug: "rise-toledo", Name: "RISE Toledo", City: "Toledo", Region: "Northwest", Lat: 41.65, Lng: -83.54, Menus: []data.MenuSource{rec("jane", "4", "")}},
		{Slug: "zen-leaf-dayton", Name: "Zen Leaf Dayton", City: "Dayton", Region: "Southwest", Lat: 39.76, Lng: -84.19, Menus: []data.MenuSource{rec("jane", "5", "")}},
		{Slug: "bloom-athens", Name: "Bloom Athens", City: "Athens", Region: "Southeast"},
	}
	if err := db.SyncDispensaries(ctx, ds, true, now); err != nil {
		t.Fatal(err)
	}
	// page is the menu's page as the scrape records it (MenuFetch.Page), "" for none.
	recordPage := func(slug string, m data.Market, at time.Time, page string, offers []data.Offer, ferr error) {
		t.Helper()
		if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: slug, Market: m, Platform: "jane", At: at, Offers: offers, Err: ferr, Page: page}); err != nil {
			t.Fatal(err)
		}
	}
	record := func(slug string, m data.Market, at time.Time, offers []data.Offer, ferr error) {
		t.Helper()
		recordPage(slug, m, at, "", offers, ferr)
	}
	// Muul Fuel's menus give its terpenes (the Botanist's a stronger myrcene) and lineage.
	fuelAt := func(myrcene float64) func(price, sale float64) data.Offer {
		return func(price, sale float64) data.Offer {
			return data.Offer{ProductID: "fuel", Name: "Muul Fuel", Brand: "Klutch", Strain: "Muul Fuel", StrainType: "Indica-dominant",
				Category: data.Flower, Size: "1/8oz", Grams: 3.5, Price: price, SalePrice: sale, InStock: true, THC: ptr(24.1), PotencyUnit: "%",
				Terpenes: []data.Terpene{{Name: "Myrcene", Amount: ptr(myrcene), Unit: "%"}, {Name: "Limonene"}}, Lineage: []string{"Mule Fuel", "Gelato 41"}}
		}
	}
	fuel, botanistFuel := fuelAt(0.9), fuelAt(1.2)
	gelato := func(price float64) data.Offer {
		return data.Offer{ProductID: "gelato", Name: "Gelato 41", Brand: "Grow Ohio", Strain: "Gelato 41", StrainType: "Hybrid",
			Category: data.Flower, Size: "3.5g", Grams: 3.5, Price: price, InStock: true, THC: ptr(19.5), PotencyUnit: "%"}
	}
	// Bloom Akron: tracked for a week; the cart and the gummies appear today.
	record("bloom-akron", data.Recreational, now.Add(-7*24*time.Hour-time.Hour), []data.Offer{fuel(45, 0), gelato(40)}, nil)
	record("bloom-akron", data.Recreational, now.Add(-24*time.Hour), []data.Offer{fuel(45, 36), gelato(40)}, nil)
	// Links to order: Bloom's Muul Fuel has its product page; its Gelato a link that is
	// no web page (an older database may hold one), so it links to the menu's page.
	fuelPage, badLink := fuel(45, 36), gelato(42)
	fuelPage.URL = "https://www.iheartjane.com/stores/1/bloom-akron/products/fuel/muul-fuel"
	badLink.URL = "javascript:alert(1)"
	record("bloom-akron", data.Recreational, now.Add(-2*time.Hour), []data.Offer{fuelPage, badLink,
		{ProductID: "cart", Name: "Lemon Haze Cart", Brand: "Select", Strain: "Lemon Haze", StrainType: "Sativa", Category: data.Vape,
			Size: "half gram", Grams: 0.5, Price: 40, SalePrice: 30, InStock: true, THC: ptr(85.2), PotencyUnit: "%",
			Terpenes: []data.Terpene{{Name: "Limonene", Amount: ptr(2.1), Unit: "%"}}},
		{ProductID: "gummies", Name: "Camino Gummies", Brand: "Kiva", Category: data.Edible, Size: "10pk/100mg", Milligrams: 100, Price: 20,
			InStock: true, THC: ptr(100), PotencyUnit: "mg"},
		{ProductID: "gone", Name: "Sold Out Kush", Strain: "Sold Out Kush", Category: data.Flower, Size: "1g", Grams: 1, Price: 12, InStock: false},
	}, nil)
	// The Botanist's menu page is known from its last fetch only (the registry has none).
	recordPage("botanist-canton", data.Recreational, now.Add(-3*time.Hour), "https://www.iheartjane.com/stores/2/the-botanist-canton/menu", []data.Offer{botanistFuel(40, 0),
		{ProductID: "badder", Name: "Live Resin Badder", Brand: "Klutch", Category: data.Extract, Size: "1g", Grams: 1, Price: 40, SalePrice: 30, InStock: true},
		{ProductID: "penny", Name: "Penny Wax", Category: data.Extract, Size: "1g", Grams: 1, Price: 20, SalePrice: 0.01, InStock: true, Warnings: []string{"sale price below $1"}},
	}, nil)
	record("botanist-canton", data.Medical, now.Add(-3*time.Hour), []data.Offer{botanistFuel(38, 0)}, nil)
	// Stale: a good fetch 20 h ago, a failure now.
	record("rise-toledo", data.Recreational, now.Add(-20*time.Hour), []data.Offer{fuel(35, 0)}, nil)
	record("rise-toledo", data.Recreational, now, nil, &data.FetchError{Reason: data.ReasonHTTPStatus, Status: 500})
	// Missing: 40 h old, listed nowhere but in its own menu page.
	record("zen-leaf-dayton", data.Recreational, now.Add(-40*time.Hour), []data.Offer{fuel(30, 0)}, nil)
	return db
}

// shopFiles publishes shopDB as omc publish does, with a two-strain catalogue.
func shopFiles(t *testing.T) map[string][]byte {
	t.Helper()
	catalogue, err := data.ParseStrains("test catalogue", strings.NewReader("name,slug,type,breeder\nGelato #41,gelato-41,indica,Cookie Fam\nLemon Haze,lemon-haze,,\n"))
	if err != nil {
		t.Fatal(err)
	}
	files, _ := publishFiles(t, shopDB(t), publish.Options{Now: now, Strains: catalogue})
	return files
}

func TestShopGolden(t *testing.T) {
	files := shopFiles(t)
	for name, path := range map[string]string{
		"menus-bloom-akron":             "api/menus/bloom-akron",
		"products-muul-fuel":            "api/products/klutch-muul-fuel-flower-3-5g",
		"search-stores":                 "api/search/stores",
		"search-flower-northeast":       "api/search/flower/northeast",
		"search-flower-first":           "api/search/flower/first",
		"search-flower-first-northeast": "api/search/flower/first-northeast",
		"search-flower-first-northwest": "api/search/flower/first-northwest",
		"search-flower-northwest":       "api/search/flower/northwest",
		"search-flower-all-1":           "api/search/flower/all-1",
		"deals-index":                   "api/deals/index",
		"deals-northeast":               "api/deals/northeast",
		"trends":                        "api/trends",
		"strains-index":                 "api/strains/index",
		"strains-muul-fuel":             "api/strains/muul-fuel",
		"strains-gelato-41":             "api/strains/gelato-41",
		"terpenes-index":                "api/terpenes/index",
		"terpenes-limonene":             "api/terpenes/limonene",
	} {
		b, ok := files[path]
		if !ok {
			t.Errorf("%s not built", path)
			continue
		}
		golden(t, name, b)
		siteFixture(t, name, "shop/"+name+".json")
	}
}

// TestProductByHand checks the Muul Fuel page against figures worked out from shopDB.
func TestProductByHand(t *testing.T) {
	var p publish.Product
	if err := json.Unmarshal(shopFiles(t)["api/products/klutch-muul-fuel-flower-3-5g"], &p); err != nil {
		t.Fatal(err)
	}
	// Listed: Toledo 35 (stale), Akron 45 on sale at 36, Canton medical 38, Canton 40.
	// Zen Leaf's 30 is 40 h old: missing, not listed.
	type row struct {
		slug   string
		market data.Market
		paid   float64
		fresh  string
	}
	var got []row
	for _, o := range p.Offers {
		paid := o.Price
		if o.SalePrice != nil {
			paid = *o.SalePrice
		}
		got = append(got, row{o.Slug, o.Market, paid, string(o.Freshness)})
	}
	want := []row{{"rise-toledo", data.Recreational, 35, "stale"}, {"bloom-akron", data.Recreational, 36, "current"},
		{"botanist-canton", data.Medical, 38, "current"}, {"botanist-canton", data.Recreational, 40, "current"}}
	if len(got) != len(want) {
		t.Fatalf("offers = %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("offer %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if akron := p.Offers[1]; akron.Price != 45 || *akron.UnitPrice != 10.29 || *akron.Unit != "g" {
		t.Errorf("akron: price %v unit price %v", akron.Price, *akron.UnitPrice)
	}
	// Days in Ohio: Jun 24 Akron 45; Jun 29 Zen Leaf 30; Jun 30 Akron 36, Toledo 35;
	// Jul 1 Akron 36, Canton 40, Canton medical 38.
	wantHistory := []publish.HistoryPoint{
		{Date: "2026-06-24", Market: data.Recreational, Min: 45, Median: 45},
		{Date: "2026-06-29", Market: data.Recreational, Min: 30, Median: 30},
		{Date: "2026-06-30", Market: data.Recreational, Min: 35, Median: 35.5},
		{Date: "2026-07-01", Market: data.Medical, Min: 38, Median: 38},
		{Date: "2026-07-01", Market: data.Recreational, Min: 36, Median: 38},
	}
	if len(p.History) != len(wantHistory) {
		t.Fatalf("history = %+v", p.History)
	}
	for i := range wantHistory {
		if p.History[i] != wantHistory[i] {
			t.Errorf("history %d = %+v, want %+v", i, p.History[i], wantHistory[i])
		}
	}
	// No store of the registry is sample, and --sample was not given.
	if p.Sample || p.Offers[0].Sample || p.Offers[1].Sample {
		t.Errorf("sample: file %v, Toledo %v, Akron %v; want none", p.Sample, p.Offers[0].Sample, p.Offers[1].Sample)
	}
	if p.FirstSeen == nil || *p.FirstSeen != "2026-06-24T11:00:00Z" || len(p.Terpenes) != 2 || p.Terpenes[0] != "limonene" {
		t.Errorf("first seen %v, terpenes %v", p.FirstSeen, p.Terpenes)
	}
}

func TestShopRules(t *testing.T) {
	files := shopFiles(t)
	t.Run("new is first seen within 7 days on a menu already tracked", func(t *testing.T) {
		var m publish.Menu
		if err := json.Unmarshal(files["api/menus/bloom-akron"], &m); err != nil {
			t.Fatal(err)
		}
		isNew := map[string]bool{}
		for i, p := range m.Markets[0].Offers.Product {
			isNew[m.Products.Name[p]] = m.Markets[0].Offers.IsNew[i]
		}
		if !isNew["Lemon Haze Cart"] || !isNew["Camino Gummies"] || isNew["Muul Fuel"] || isNew["Gelato 41"] {
			t.Errorf("isNew = %v", isNew)
		}
		var c publish.Menu
		if err := json.Unmarshal(files["api/menus/botanist-canton"], &c); err != nil {
			t.Fatal(err)
		}
		for i, p := range c.Markets[0].Offers.Product {
			if c.Markets[0].Offers.IsNew[i] {
				t.Errorf("%s is new on a menu first fetched with it", c.Products.Name[p])
			}
		}
	})
	t.Run("deals: on sale, listed, not flagged, largest discount first", func(t *testing.T) {
		var d publish.DealsIndex
		if err := json.Unmarshal(files["api/deals/index"], &d); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, x := range d.Top {
			got = append(got, x.Name)
		}
		// Ranked against the 30-day low: Fuel 36 against the 45 charged a week ago, 0.2;
		// the cart and the badder were on sale when first seen (no low, no discount
		// counted), then by their struck discount (0.25 each) and store name.
		if len(d.Top) != 3 || d.Top[0].Name != "Muul Fuel" || d.Top[0].LowDiscount != 0.2 || d.Top[1].Name != "Lemon Haze Cart" ||
			d.Top[1].Discount != 0.25 || d.Top[1].LowDiscount != 0 || d.Top[2].Name != "Live Resin Badder" {
			t.Errorf("top = %v", got)
		}
		if l := d.Top[0].SaleLow; l == nil || l.Low == nil || *l.Low != 45 || !l.RegularCharged || l.DaysSeen == nil || *l.DaysSeen != 8 {
			t.Errorf("fuel's low = %+v", l)
		}
		if l := d.Top[1].SaleLow; l == nil || l.Low != nil || l.RegularCharged || l.DaysSeen == nil || *l.DaysSeen != 1 {
			t.Errorf("cart's low = %+v", l)
		}
		if d.Regions[0].Region != "Northeast" || d.Regions[0].Count != 3 || d.Regions[1].Count != 0 {
			t.Errorf("regions = %+v", d.Regions)
		}
	})
	t.Run("search shards only where offers are listed", func(t *testing.T) {
		var idx publish.SearchStores
		if err := json.Unmarshal(files["api/search/stores"], &idx); err != nil {
			t.Fatal(err)
		}
		var paths []string
		for _, s := range idx.Shards {
			paths = append(paths, s.Path)
		}
		// Zen Leaf's flower is missing, Toledo's stale flower is listed; the sold-out kush is not.
		// Each category's regions, then its whole state's file (region "", one part here).
		want := []string{"api/search/flower/northeast", "api/search/flower/northwest", "api/search/flower/all-1",
			"api/search/vape/northeast", "api/search/vape/all-1", "api/search/extract/northeast", "api/search/extract/all-1",
			"api/search/edible/northeast", "api/search/edible/all-1"}
		if len(paths) != len(want) {
			t.Fatalf("shards = %v", paths)
		}
		for i := range want {
			if paths[i] != want[i] {
				t.Errorf("shard %d = %s, want %s", i, paths[i], want[i])
			}
		}
		if _, ok := files["api/search/flower/southwest"]; ok {
			t.Error("a shard of missing menus only was written")
		}
		if len(idx.Stores) != 4 {
			t.Errorf("%d stores, want the 4 with menus", len(idx.Stores))
		}
	})
	t.Run("search first page: the whole state's offers by price paid, with its totals", func(t *testing.T) {
		var first publish.SearchFirst
		if err := json.Unmarshal(files["api/search/flower/first"], &first); err != nil {
			t.Fatal(err)
		}
		var idx publish.SearchStores
		if err := json.Unmarshal(files["api/search/stores"], &idx); err != nil {
			t.Fatal(err)
		}
		total := 0
		stores := map[string]bool{}
		// Each offer as the first page orders it: price paid in cents, then product name.
		type row struct {
			cents int
			name  string
		}
		var rows []row
		for _, sh := range idx.Shards {
			if sh.Category != data.Flower || sh.Region == "" {
				continue
			}
			total += sh.Offers
			var f publish.SearchFile
			if err := json.Unmarshal(files[sh.Path], &f); err != nil {
				t.Fatal(err)
			}
			for i, product := range f.Offers.Product {
				stores[f.Menus[f.Offers.Menu[i]][0]] = true
				paid := f.Offers.Price[i]
				if sale := f.Offers.SalePrice[i]; sale != nil {
					paid = *sale
				}
				rows = append(rows, row{int(math.Round(paid * 100)), strings.ToLower(f.Products.Name[product])})
			}
		}
		if first.Total != total || first.Stores != len(stores) {
			t.Errorf("first totals = %d offers at %d stores, want %d at %d", first.Total, first.Stores, total, len(stores))
		}
		if len(first.Offers.Product) != min(total, publish.SearchFirstPage) {
			t.Fatalf("first page has %d rows, want %d", len(first.Offers.Product), min(total, publish.SearchFirstPage))
		}
		sort.Slice(rows, func(i, j int) bool {
			return rows[i].cents < rows[j].cents || rows[i].cents == rows[j].cents && rows[i].name < rows[j].name
		})
		for i, product := range first.Offers.Product {
			paid := first.Offers.Price[i]
			if sale := first.Offers.SalePrice[i]; sale != nil {
				paid = *sale
			}
			got := row{int(math.Round(paid * 100)), strings.ToLower(first.Products.Name[product])}
			if got != rows[i] {
				t.Errorf("first row %d is %v, want %v (price order across regions)", i, got, rows[i])
			}
		}
		if _, ok := files["api/search/preroll/first"]; ok {
			t.Error("a first page was written for a category no menu lists")
		}
	})
	t.Run("strain name from the catalogue, type from menus first, lineage from menus", func(t *testing.T) {
		var g, f publish.StrainPage
		if err := json.Unmarshal(files["api/strains/gelato-41"], &g); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(files["api/strains/muul-fuel"], &f); err != nil {
			t.Fatal(err)
		}
		// Menus say Hybrid, the catalogue indica: the menus win. No menu gives its parents.
		if g.Name != "Gelato #41" || g.Type == nil || *g.Type != "hybrid" || len(g.Parents) != 0 || len(g.LineageSources) != 0 ||
			g.CatalogueSource == nil || *g.CatalogueSource != data.StrainSource {
			t.Errorf("gelato = %+v", g)
		}
		if len(g.Children) != 1 || g.Children[0].Name != "Muul Fuel" {
			t.Errorf("gelato children = %+v", g.Children)
		}
		// Menus give Muul Fuel's parents; Gelato 41 links to its page, Mule Fuel has none.
		if f.Type == nil || *f.Type != "indica" || len(f.Parents) != 2 || f.Parents[0].Slug != nil || f.Parents[1].Slug == nil ||
			*f.Parents[1].Slug != "gelato-41" || f.Parents[1].Name != "Gelato #41" || f.LineageSources[0].Name != "Dispensary menus" || f.CatalogueSource != nil {
			t.Errorf("muul fuel = %+v", f)
		}
		// Four stores sell it, one product: one row, the cheapest (Toledo's 35).
		if f.THC == nil || f.THC.Min != 24.1 || len(f.Offers) != 1 || f.Offers[0].Slug != "rise-toledo" {
			t.Errorf("muul fuel thc %v, %d offers", f.THC, len(f.Offers))
		}
	})
}

// TestSearchWholeState checks api/search/<category>/all-<n>: every region's offers once,
// in parts cut between products.
func TestSearchWholeState(t *testing.T) {
	// An offer as the site reads it: product code and size, store, market, price paid.
	offers := func(t *testing.T, files map[string][]byte, path string) (out []string, codes []string) {
		t.Helper()
		var f publish.SearchFile
		if err := json.Unmarshal(files[path], &f); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for i, p := range f.Offers.Product {
			paid := f.Offers.Price[i]
			if sale := f.Offers.SalePrice[i]; sale != nil {
				paid = *sale
			}
			out = append(out, fmt.Sprintf("%s %s %v %.2f", f.Products.Code[p], f.Products.Size[p], f.Menus[f.Offers.Menu[i]], paid))
		}
		return out, f.Products.Code
	}
	for _, tc := range []struct {
		name      string
		partSize  int
		wantParts []int // offers per part, flower
	}{
		{"one part", 20000, []int{5}},
		// Gelato 41 (one offer), then Muul Fuel (four, in two regions): never cut inside a product.
		{"parts of about one offer", 1, []int{1, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			publish.WithSearchPartOffers(t, tc.partSize)
			files := shopFiles(t)
			var idx publish.SearchStores
			if err := json.Unmarshal(files["api/search/stores"], &idx); err != nil {
				t.Fatal(err)
			}
			var regions, whole []string
			var parts []int
			inPart := map[string]int{}
			for _, sh := range idx.Shards {
				if sh.Category != data.Flower {
					continue
				}
				got, codes := offers(t, files, sh.Path)
				if sh.Region != "" {
					regions = append(regions, got...)
					continue
				}
				if want := fmt.Sprintf("api/search/flower/all-%d", len(parts)+1); sh.Path != want || sh.Offers != len(got) {
					t.Errorf("whole-state part %s lists %d offers, want %s with %d", sh.Path, sh.Offers, want, len(got))
				}
				parts = append(parts, len(got))
				whole = append(whole, got...)
				for _, c := range codes {
					if p, seen := inPart[c]; seen {
						t.Errorf("product %s is in parts %d and %d", c, p, len(parts))
					}
					inPart[c] = len(parts)
				}
			}
			if fmt.Sprint(parts) != fmt.Sprint(tc.wantParts) {
				t.Errorf("parts of %v offers, want %v", parts, tc.wantParts)
			}
			sort.Strings(regions)
			sort.Strings(whole)
			if strings.Join(whole, "\n") != strings.Join(regions, "\n") {
				t.Errorf("the whole state's parts =\n%s\nwant the regions' offers\n%s", strings.Join(whole, "\n"), strings.Join(regions, "\n"))
			}
		})
	}
}

// TestAppendersMatchEncodingJSON checks that the menus, product pages and search files,
// whose lists are written by hand (jsonappend.go), are what encoding/json writes for the
// documented types: each decodes into Menu, Product, SearchFile or SearchFirst with no
// unknown field and encodes back to the same bytes.
func TestAppendersMatchEncodingJSON(t *testing.T) {
	files := shopFiles(t)
	checked := map[string]int{}
	for path, b := range files {
		var v any
		switch {
		case strings.HasPrefix(path, publish.PathMenus):
			v = &publish.Menu{}
		case strings.HasPrefix(path, publish.PathProducts):
			v = &publish.Product{}
		case strings.HasPrefix(path, publish.PathSearch) && (strings.HasSuffix(path, "/first") || strings.Contains(path, "/first-")):
			v = &publish.SearchFirst{}
		case strings.HasPrefix(path, publish.PathSearch) && path != publish.PathSearchStores:
			v = &publish.SearchFile{}
		default:
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		var again bytes.Buffer
		enc := json.NewEncoder(&again)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		if got := bytes.TrimRight(again.Bytes(), "\n"); !bytes.Equal(got, b) {
			t.Errorf("%s:\nwritten      %s\nencoding/json %s", path, b, got)
		}
		checked[strings.Split(path, "/")[1]]++
	}
	if checked["menus"] < 3 || checked["products"] < 5 || checked["search"] < 5 {
		t.Errorf("checked %v, want at least 3 menus, 5 products and 5 search files", checked)
	}
}

// TestPotencyUnits: every THC figure a file carries comes with its unit, so that an
// edible's 100 (mg) is never read as 100 %: an offer's "thc" beside its "potencyUnit"
// (as columns in the search files: one unit per offer), a strain's THC range with its
// "unit". The gummies' figure is in mg everywhere.
func TestPotencyUnits(t *testing.T) {
	files := shopFiles(t)
	var check func(path, at string, v any) int
	check = func(path, at string, v any) int {
		n := 0
		switch v := v.(type) {
		case map[string]any:
			if thc, ok := v["thc"]; ok && thc != nil {
				n++
				switch thc := thc.(type) {
				case float64:
					if u, ok := v["potencyUnit"]; !ok || (u != "%" && u != "mg" && u != nil) {
						t.Errorf("%s %s: thc %v with potencyUnit %v", path, at, thc, u)
					}
				case []any:
					units, ok := v["potencyUnit"].([]any)
					if !ok || len(units) != len(thc) {
						t.Errorf("%s %s: a column of %d thc figures without a potencyUnit column of as many", path, at, len(thc))
					}
				case map[string]any:
					if u := thc["unit"]; u != "%" {
						t.Errorf("%s %s: a THC range %v without its unit", path, at, thc)
					}
				}
			}
			for k, x := range v {
				n += check(path, at+"."+k, x)
			}
		case []any:
			for i, x := range v {
				n += check(path, fmt.Sprintf("%s[%d]", at, i), x)
			}
		}
		return n
	}
	figures := map[string]int{}
	for path, b := range files {
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			continue // not JSON (_headers)
		}
		figures[strings.SplitN(strings.TrimPrefix(path, "api/"), "/", 2)[0]] += check(path, "", v)
	}
	for _, kind := range []string{"menus", "products", "search", "deals", "strains"} {
		if figures[kind] == 0 {
			t.Errorf("no THC figure in api/%s: the test checks nothing there", kind)
		}
	}
	// The gummies: 100 mg on the product page and in the search file; the cart's deal in %.
	var deals publish.DealsFile
	if err := json.Unmarshal(files["api/deals/northeast"], &deals); err != nil {
		t.Fatal(err)
	}
	if d := deals.Deals[1]; d.Name != "Lemon Haze Cart" || d.PotencyUnit == nil || *d.PotencyUnit != "%" {
		t.Errorf("first deal = %+v, want the cart's, in %%", d)
	}
	var search publish.SearchFile
	if err := json.Unmarshal(files["api/search/edible/northeast"], &search); err != nil {
		t.Fatal(err)
	}
	if u := search.Offers.PotencyUnit; len(u) != 1 || u[0] == nil || *u[0] != "mg" || *search.Offers.THC[0] != 100 {
		t.Errorf("gummies in the search: thc %v %v", search.Offers.THC, u)
	}
	var p publish.Product
	if err := json.Unmarshal(files["api/products/kiva-camino-gummies-100mg"], &p); err != nil {
		t.Fatal(err)
	}
	if len(p.Offers) != 1 || p.Offers[0].PotencyUnit == nil || *p.Offers[0].PotencyUnit != "mg" {
		t.Errorf("gummies product offers = %+v", p.Offers)
	}
}

// akronJaneStores is a new store holding one adult-use Jane menu per slug, each store in
// Akron (Northeast) named "Store <SLUG>", scraped with production's product codes.
func akronJaneStores(t *testing.T, slugs ...string) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.Code = scraper.ProductCode
	var ds []data.Dispensary
	for i, slug := range slugs {
		ds = append(ds, data.Dispensary{Slug: slug, Name: "Store " + strings.ToUpper(slug), City: "Akron", Region: "Northeast",
			Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: strconv.Itoa(i + 1)}}})
	}
	if err := db.SyncDispensaries(ctx, ds, true, now); err != nil {
		t.Fatal(err)
	}
	return db
}

// TestOneNamePerProduct: stores name one product (one code) differently; its page, the
// search files, the deals and the strain page show one name, the most listings' (title
// case when every listing shouts), while each store's menu keeps the store's own words.
func TestOneNamePerProduct(t *testing.T) {
	db := akronJaneStores(t, "a", "b", "c", "d")
	ctx := context.Background()
	comet := func(name string, sale float64) data.Offer {
		return data.Offer{ProductID: "comet", Name: name, Brand: "Buckeye Farms", Strain: "Comet Tail", Category: data.Flower,
			Size: "3.5g", Grams: 3.5, Price: 40, SalePrice: sale, InStock: true, THC: ptr(21), PotencyUnit: "%"}
	}
	dream := func(name string) data.Offer {
		return data.Offer{ProductID: "dream", Name: name, Brand: "Buckeye Farms", Category: data.Vape, Size: "1g", Grams: 1,
			Price: 50, SalePrice: 40, InStock: true}
	}
	for slug, offers := range map[string][]data.Offer{
		"a": {comet("Comet Tail", 0), dream("BLUE DREAM CART")},
		"b": {comet("Comet Tail", 0), dream("BLUE DREAM CART")},
		"c": {comet("COMET TAIL", 0)},
		"d": {comet("Comet Tail Flower", 30)},
	} {
		if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: slug, Market: data.Recreational, Platform: "jane", At: now.Add(-time.Hour), Offers: offers}); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := publishFiles(t, db, publish.Options{Now: now})
	names := map[string]map[string]bool{} // where -> names shown
	see := func(where, name string) {
		if names[where] == nil {
			names[where] = map[string]bool{}
		}
		names[where][name] = true
	}
	for _, code := range []string{"buckeye-farms-comet-tail-flower-3-5g", "buckeye-farms-blue-dream-cart-1g"} {
		var p publish.Product
		if err := json.Unmarshal(files[publish.PathProducts+code], &p); err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		see("product "+code, p.Name)
	}
	var deals publish.DealsIndex
	if err := json.Unmarshal(files["api/deals/index"], &deals); err != nil {
		t.Fatal(err)
	}
	for _, d := range deals.Top {
		see("deal "+d.Code, d.Name)
	}
	for _, path := range []string{"api/search/flower/northeast", "api/search/flower/all-1", "api/search/flower/first", "api/search/vape/northeast"} {
		var f publish.SearchFile
		if err := json.Unmarshal(files[path], &f); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for i, code := range f.Products.Code {
			see("search "+code, f.Products.Name[i])
		}
	}
	var strain publish.StrainPage
	if err := json.Unmarshal(files["api/strains/comet-tail"], &strain); err != nil {
		t.Fatal(err)
	}
	for _, o := range strain.Offers {
		see("strain "+o.Code, o.Name)
	}
	var st publish.Statistics
	if err := json.Unmarshal(files[publish.PathStatistics], &st); err != nil {
		t.Fatal(err)
	}
	for _, d := range st.TopDeals[0].Flower {
		see("top deal buckeye-farms-comet-tail-flower-3-5g", d.Name)
	}
	for _, d := range st.TopDeals[0].Vape {
		see("top deal buckeye-farms-blue-dream-cart-1g", d.Name)
	}
	want := map[string]string{"buckeye-farms-comet-tail-flower-3-5g": "Comet Tail", "buckeye-farms-blue-dream-cart-1g": "Blue Dream Cart"}
	checked := 0
	for where, shown := range names {
		code := where[strings.LastIndex(where, " ")+1:]
		if len(shown) != 1 || !shown[want[code]] {
			t.Errorf("%s shows %v, want only %q", where, shown, want[code])
		}
		checked++
	}
	if checked < 9 {
		t.Errorf("checked %d places: %v", checked, names)
	}
	// The store's menu keeps its own words.
	var m publish.Menu
	if err := json.Unmarshal(files[publish.PathMenus+"c"], &m); err != nil {
		t.Fatal(err)
	}
	if name := m.Products.Name[m.Markets[0].Offers.Product[0]]; name != "COMET TAIL" {
		t.Errorf("store c's menu says %q, want its own COMET TAIL", name)
	}
}

// TestStrainStoresOneFigure: "stores that have it" is one figure: the dispensaries
// listing a product of the strain in stock on a current menu. The homepage's most
// available strains (api/statistics topFlower) and the strain index give the same
// number and name for a strain; the index says too how many list it on current or stale
// menus (storesListed: what the Menus search and the strain page's offers show).
func TestStrainStoresOneFigure(t *testing.T) {
	db := akronJaneStores(t, "a", "b", "c", "d", "e")
	ctx := context.Background()
	offer := func(id, name, strain string, c data.Category, inStock bool) data.Offer {
		return data.Offer{ProductID: id, Name: name, Brand: "Klutch", Strain: strain, Category: c, Size: "1g", Grams: 1, Price: 20, InStock: inStock}
	}
	for _, f := range []struct {
		slug   string
		age    time.Duration
		offers []data.Offer
	}{
		{"a", time.Hour, []data.Offer{offer("1", "Wedding Cake", "Wedding Cake", data.Flower, true)}},
		{"b", 20 * time.Hour, []data.Offer{offer("1", "Wedding Cake", "Wedding Cake", data.Flower, true)}}, // stale
		{"c", time.Hour, []data.Offer{offer("2", "Wedding Cake Cart", "Wedding Cake", data.Vape, true)}},   // a vape
		{"d", time.Hour, []data.Offer{offer("3", "WC", "wedding  cake", data.Flower, true)}},               // spelt its own way
		{"e", time.Hour, []data.Offer{offer("1", "Wedding Cake", "Wedding Cake", data.Flower, false)}},     // sold out
	} {
		if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: f.slug, Market: data.Recreational, Platform: "jane", At: now.Add(-f.age), Offers: f.offers}); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := publishFiles(t, db, publish.Options{Now: now})
	var st publish.Statistics
	var idx publish.StrainsIndex
	for path, v := range map[string]any{publish.PathStatistics: &st, "api/strains/index": &idx} {
		if err := json.Unmarshal(files[path], v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	if len(st.TopFlower) != 1 || len(idx.Strains) != 1 {
		t.Fatalf("topFlower %+v, strains %+v: want Wedding Cake once each", st.TopFlower, idx.Strains)
	}
	top, s := st.TopFlower[0], idx.Strains[0]
	// a, c and d: current and in stock. b's menu is stale, e's is sold out.
	if top.Name != "Wedding Cake" || top.Count != 3 || top.Slug != "wedding-cake" {
		t.Errorf("topFlower = %+v, want Wedding Cake at 3 stores, slug wedding-cake", top)
	}
	if s.Name != top.Name || s.Slug != top.Slug || s.Stores != top.Count || s.StoresListed != 4 {
		t.Errorf("strain index = %+v; want the homepage's name, slug and count %d, and 4 on current or stale menus", s, top.Count)
	}
}

// TestGoneProductKeepsItsPage: a product no menu lists any more keeps its page for
// publish.KeepProductPage after a menu last listed it, saying so, with its last prices
// and its history; one gone for longer has none.
func TestGoneProductKeepsItsPage(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.Code = scraper.ProductCode
	d := data.Dispensary{Slug: "a", Name: "Store A", City: "Akron", Region: "Northeast",
		Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "1"}}}
	if err := db.SyncDispensaries(ctx, []data.Dispensary{d}, true, now); err != nil {
		t.Fatal(err)
	}
	flower := func(id, name string, price, sale float64) data.Offer {
		return data.Offer{ProductID: id, Name: name, Brand: "Klutch", Category: data.Flower, Size: "3.5g", Grams: 3.5,
			Price: price, SalePrice: sale, InStock: true, THC: ptr(20), PotencyUnit: "%"}
	}
	record := func(at time.Time, offers ...data.Offer) {
		t.Helper()
		if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: "a", Market: data.Recreational, Platform: "jane", At: at, Offers: offers}); err != nil {
			t.Fatal(err)
		}
	}
	day := 24 * time.Hour
	// Old Kush leaves 100 days ago; Yellow Haze is listed 30 and 29 days ago; Stay Put stays.
	record(now.Add(-101*day), flower("x", "Old Kush", 30, 0), flower("z", "Stay Put", 40, 0))
	record(now.Add(-30*day), flower("y", "Yellow Haze", 50, 0), flower("z", "Stay Put", 40, 0))
	record(now.Add(-29*day), flower("y", "Yellow Haze", 50, 42), flower("z", "Stay Put", 40, 0))
	record(now.Add(-2*time.Hour), flower("z", "Stay Put", 40, 0))
	files, _ := publishFiles(t, db, publish.Options{Now: now})

	if _, ok := files[publish.PathProducts+"klutch-old-kush-flower-3-5g"]; ok {
		t.Error("Old Kush, gone for 100 days, still has a page")
	}
	var gone, stays publish.Product
	for code, p := range map[string]*publish.Product{"klutch-yellow-haze-flower-3-5g": &gone, "klutch-stay-put-flower-3-5g": &stays} {
		if err := json.Unmarshal(files[publish.PathProducts+code], p); err != nil {
			t.Fatalf("%s: %v", code, err)
		}
	}
	lastListed := now.Add(-29 * day).Format(time.RFC3339)
	if gone.ListedNow || gone.LastListed == nil || *gone.LastListed != lastListed || len(gone.Offers) != 0 || gone.Name != "Yellow Haze" {
		t.Errorf("Yellow Haze: listedNow %v, lastListed %v, %d offers, name %q; want not listed since %s, no offers",
			gone.ListedNow, deref(gone.LastListed), len(gone.Offers), gone.Name, lastListed)
	}
	if len(gone.LastOffers) != 1 || gone.LastOffers[0].Slug != "a" || gone.LastOffers[0].Price != 50 || gone.LastOffers[0].SalePrice == nil ||
		*gone.LastOffers[0].SalePrice != 42 || deref(gone.LastOffers[0].LastUpdate) != lastListed {
		t.Errorf("Yellow Haze's last offers = %+v, want Store A's 50 on sale at 42, as of %s", gone.LastOffers, lastListed)
	}
	wantHistory := []publish.HistoryPoint{
		{Date: store.Day(now.Add(-30 * day)), Market: data.Recreational, Min: 50, Median: 50},
		{Date: store.Day(now.Add(-29 * day)), Market: data.Recreational, Min: 42, Median: 42},
	}
	if !slices.Equal(gone.History, wantHistory) {
		t.Errorf("Yellow Haze's history = %+v, want %+v", gone.History, wantHistory)
	}
	// Its page is what encoding/json writes of a Product (the lists are written by hand).
	var again bytes.Buffer
	enc := json.NewEncoder(&again)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(gone); err != nil {
		t.Fatal(err)
	}
	if raw := files[publish.PathProducts+"klutch-yellow-haze-flower-3-5g"]; !bytes.Equal(bytes.TrimRight(again.Bytes(), "\n"), raw) {
		t.Errorf("written       %s\nencoding/json %s", raw, again.Bytes())
	}
	if !stays.ListedNow || deref(stays.LastListed) != now.Add(-2*time.Hour).Format(time.RFC3339) || len(stays.Offers) != 1 || len(stays.LastOffers) != 0 {
		t.Errorf("Stay Put: listedNow %v, lastListed %v, %d offers, %d last offers", stays.ListedNow, deref(stays.LastListed), len(stays.Offers), len(stays.LastOffers))
	}
}

func deref(s *string) string {
	if s == nil {
		return "null"
	}
	return *s
}

// TestMenuStrainTypeFromCatalogue: an offer whose menu gives no strain type takes its
// strain's type from the catalogue, in the store's menu file as in the search files, on
// every publish. (The menu files are encoded while the publish still reads the other
// menus; the catalogue's type came with the strains' names, resolved once every menu was
// read, so a menu file showed it or not depending on timing, and `go test -race` caught
// the encoder reading what the resolving wrote.)
func TestMenuStrainTypeFromCatalogue(t *testing.T) {
	catalogue, err := data.ParseStrains("test catalogue", strings.NewReader("name,slug,type,breeder\nGelato #41,gelato-41,indica,Cookie Fam\n"))
	if err != nil {
		t.Fatal(err)
	}
	db := shopDB(t)
	smalls := data.Offer{ProductID: "smalls", Name: "Gelato 41 Smalls", Brand: "Grow Ohio", Strain: "Gelato #41", Category: data.Flower,
		Size: "3.5g", Grams: 3.5, Price: 30, InStock: true}
	if err := db.RecordMenuFetch(context.Background(), store.MenuFetch{Slug: "botanist-canton", Market: data.Medical, Platform: "jane",
		At: now.Add(-time.Hour), Offers: []data.Offer{smalls}}); err != nil {
		t.Fatal(err)
	}
	// typeOf is the strain type a columnar file gives the product named name.
	typeOf := func(file []byte, name string) any {
		t.Helper()
		var f struct {
			Products struct {
				Name       []string `json:"name"`
				StrainType []any    `json:"strainType"`
			} `json:"products"`
		}
		if err := json.Unmarshal(file, &f); err != nil {
			t.Fatal(err)
		}
		i := slices.Index(f.Products.Name, name)
		if i < 0 {
			t.Fatalf("%s not in the file", name)
		}
		return f.Products.StrainType[i]
	}
	for run := range 5 {
		files, _ := publishFiles(t, db, publish.Options{Now: now, Strains: catalogue})
		if got := typeOf(files["api/search/flower/northeast"], smalls.Name); got != "indica" {
			t.Fatalf("publish %d: the search file gives %s strain type %v, want the catalogue's indica", run, smalls.Name, got)
		}
		if got := typeOf(files["api/menus/botanist-canton"], smalls.Name); got != "indica" {
			t.Errorf("publish %d: the store's menu file gives %s strain type %v, want the catalogue's indica (as the search file)", run, smalls.Name, got)
		}
	}
}
