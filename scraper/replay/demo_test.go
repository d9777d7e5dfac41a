package replay

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/replay/internal/pool"
)

func TestDemoDatasetDeterministic(t *testing.T) {
	a, b := mustDemo(t), mustDemo(t)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two DemoDataset calls with the same registry differ")
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Fatal("two DemoDataset calls encode to different bytes")
	}
}

func TestDemoDatasetStores(t *testing.T) {
	ds := mustDemo(t)
	want := []struct {
		platform, key, dispensaryID string
		markets                     []data.Market
	}{
		{"jane", "2410", "", []data.Market{data.Recreational}},
		{"jane", "2866", "", []data.Market{data.Medical}},
		{"sweed", "77", "", []data.Market{data.Recreational}},
		{"dutchie", "culture-cannabis-club-akron", DutchieDispensaryID("culture-cannabis-club-akron"), []data.Market{data.Recreational, data.Medical}},
		{"dutchie", "klutch-akron", "5fefa138b2782100c5acd671", []data.Market{data.Medical}},
		{"weedmaps", "green-goods-ohio", "", []data.Market{data.Recreational}},
		{"dispense", "041444e70b831110", "", []data.Market{data.Medical, data.Recreational}},
		{"dutchieplus", "6f1e1f7e-3c1d-4d6e-9a5b-2f1e0d9c8b7a", "", []data.Market{data.Recreational}},
		{"leafbridge", "7a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d", "", []data.Market{data.Medical}},
		{"joint", "1234", "", []data.Market{data.Recreational}},
		{"jsonld", "buckeye-valley-wellness", "", []data.Market{data.Recreational}},
		{"html", "maumee-bay-provisions", "", []data.Market{data.Medical}},
		{"tymber", "scioto-river-cannabis", "", []data.Market{data.Recreational, data.Medical}},
		{"leafly", "lake-erie-leaf", "", []data.Market{data.Recreational}},
	}
	if len(ds.Stores) != len(want) {
		t.Fatalf("%d stores, want %d (an unknown platform and unmonitored menus skipped, two-market stores once)", len(ds.Stores), len(want))
	}
	for i, w := range want {
		st := ds.Stores[i]
		if st.Platform != w.platform || st.Key != w.key || st.DispensaryID != w.dispensaryID || !reflect.DeepEqual(st.Markets, w.markets) {
			t.Errorf("store %d = %s %s %s %v, want %s %s %s %v", i, st.Platform, st.Key, st.DispensaryID, st.Markets,
				w.platform, w.key, w.dispensaryID, w.markets)
		}
	}
	if id := DutchieDispensaryID("culture-cannabis-club-akron"); !dutchieIDPattern.MatchString(id) {
		t.Errorf("derived dispensary id %q is not 24-hex", id)
	}
}

// TestDemoDatasetMenus checks every store's menu against the rules DemoDataset promises,
// with prices compared to the pool record each product comes from.
func TestDemoDatasetMenus(t *testing.T) {
	p, err := pool.Decode(poolFile)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]pool.Item{}
	for _, it := range p.Items {
		byID[it.ID] = it
	}
	ds := mustDemo(t)
	sales, soldOut := 0, 0
	for _, st := range ds.Stores {
		t.Run(st.Platform+" "+st.Key, func(t *testing.T) {
			if n := len(st.Products); n < minProducts || n > maxProducts {
				t.Errorf("%d products, want %d to %d", n, minProducts, maxProducts)
			}
			for c, n := range ds.Expected(st.Platform, st.Key, data.Recreational) {
				if n < minPerCategory {
					t.Errorf("%s: %d products on the menu, want at least %d", c, n, minPerCategory)
				}
			}
			if st.MedicalPriceFactor != 0.9 {
				t.Errorf("medical price factor %v, want 0.9", st.MedicalPriceFactor)
			}
			seen := map[string]bool{}
			for _, prod := range st.Products {
				if seen[prod.ID] {
					t.Errorf("product %s listed twice", prod.ID)
				}
				seen[prod.ID] = true
				it, ok := byID[prod.ID]
				if !ok {
					t.Fatalf("product %s is not in the pool", prod.ID)
				}
				if string(prod.Category) != it.Category || prod.Name != it.Name {
					t.Errorf("product %s: %s %q, pool says %s %q", prod.ID, prod.Category, prod.Name, it.Category, it.Name)
				}
				for i, s := range prod.Sizes {
					base := it.Sizes[i].Price
					if s.Price < base*(1-maxPriceChange)-0.005 || s.Price > base*(1+maxPriceChange)+0.005 {
						t.Errorf("product %s: price %v is more than 15 %% from the record's %v", prod.ID, s.Price, base)
					}
					if s.Price != math.Round(s.Price*100)/100 {
						t.Errorf("product %s: price %v is not in cents", prod.ID, s.Price)
					}
					if s.SalePrice != 0 {
						sales++
						if s.SalePrice >= s.Price {
							t.Errorf("product %s: sale price %v is not below %v", prod.ID, s.SalePrice, s.Price)
						}
					}
					if !s.InStock {
						soldOut++
					}
				}
			}
		})
	}
	if sales == 0 || soldOut == 0 {
		t.Errorf("%d sale sizes and %d sold-out sizes across the demo; want some of each", sales, soldOut)
	}
}

func TestDemoDatasetRefusesBadRegistry(t *testing.T) {
	menu := func(slug string, menus ...data.MenuSource) data.Dispensary {
		return data.Dispensary{Slug: slug, Name: slug, City: "Akron", Region: "Northeast", Menus: menus}
	}
	tests := []struct {
		name    string
		reg     data.Registry
		message string
	}{
		{"jane storeId not a number", data.Registry{Dispensaries: []data.Dispensary{
			menu("a", data.MenuSource{Market: data.Medical, Platform: "jane", StoreID: "bloom"}),
		}}, `dispensary a menu 1: jane storeId "bloom" is not a positive number`},
		{"bad dutchie id", data.Registry{Dispensaries: []data.Dispensary{
			menu("a", data.MenuSource{Market: data.Medical, Platform: "dutchie", CName: "a", DispensaryID: "XYZ"}),
		}}, `dutchie dispensaryId "XYZ" is not 24 lowercase hex digits`},
		{"bad market", data.Registry{Dispensaries: []data.Dispensary{
			menu("a", data.MenuSource{Market: "adult", Platform: "jane", StoreID: "1"}),
		}}, `market "adult"`},
		{"store listed by two dispensaries", data.Registry{Dispensaries: []data.Dispensary{
			menu("a", data.MenuSource{Market: data.Medical, Platform: "jane", StoreID: "1"}),
			menu("b", data.MenuSource{Market: data.Recreational, Platform: "jane", StoreID: "001"}),
		}}, "jane store 1 is also listed by dispensary a"},
		{"one cName, two ids", data.Registry{Dispensaries: []data.Dispensary{
			menu("a",
				data.MenuSource{Market: data.Medical, Platform: "dutchie", CName: "a", DispensaryID: "0123456789abcdef01234567"},
				data.MenuSource{Market: data.Recreational, Platform: "dutchie", CName: "a", DispensaryID: "ffffffffffffffffffffffff"}),
		}}, "two dispensaryIds"},
		{"one id, two cNames", data.Registry{Dispensaries: []data.Dispensary{
			menu("a", data.MenuSource{Market: data.Medical, Platform: "dutchie", CName: "a", DispensaryID: "0123456789abcdef01234567"}),
			menu("b", data.MenuSource{Market: data.Medical, Platform: "dutchie", CName: "b", DispensaryID: "0123456789abcdef01234567"}),
		}}, "dispensaryId 0123456789abcdef01234567 is also a's"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.reg.Source = "test.yaml"
			_, err := DemoDataset(tt.reg)
			if err == nil || !strings.Contains(err.Error(), tt.message) || !strings.Contains(err.Error(), "test.yaml") {
				t.Errorf("error %v, want one naming test.yaml and containing %q", err, tt.message)
			}
		})
	}
}

func TestDemoDatasetDutchieWithoutCName(t *testing.T) {
	reg := data.Registry{Dispensaries: []data.Dispensary{{
		Slug: "only-id", Name: "Only Id", City: "Dayton", Region: "Southwest",
		Menus: []data.MenuSource{{Market: data.Medical, Platform: "dutchie", DispensaryID: "abcdefabcdefabcdefabcdef"}},
	}}}
	ds, err := DemoDataset(reg)
	if err != nil {
		t.Fatal(err)
	}
	st, ok := ds.Store("dutchie", "abcdefabcdefabcdefabcdef")
	if !ok || st.Key != "only-id" {
		t.Fatalf("store by id: %v %+v, want the store keyed by the dispensary slug", ok, st)
	}
}

// TestDemoRegistry checks the demo's platform mix on the embedded registry: the real
// Jane and Dutchie menus untouched, demo menus only for dispensaries without one, every
// platform with demoStores served, some dispensaries left unmonitored.
func TestDemoRegistry(t *testing.T) {
	reg, demo := embeddedDemoRegistry(t)
	again, _ := DemoRegistry(reg)
	if !reflect.DeepEqual(demo, again) {
		t.Fatal("DemoRegistry is not deterministic")
	}
	perPlatform := map[string]int{}
	unmonitored := 0
	for i, d := range demo.Dispensaries {
		before := reg.Dispensaries[i]
		if len(before.Menus) > 0 && !reflect.DeepEqual(before.Menus, d.Menus) {
			for j, m := range before.Menus {
				got := d.Menus[j]
				switch {
				case m.Platform == "sweed" && m.Endpoint != "":
					// A storefront page is read through the replay's Sweed API.
					if got.Platform != "sweed" || got.Endpoint != "" || got.StoreID == "" || got.Market != m.Market || got.URL != m.URL {
						t.Errorf("%s: storefront menu %d became %+v", d.Slug, j, got)
					}
				case !reflect.DeepEqual(m, got):
					t.Errorf("%s: real menu %d changed: %+v", d.Slug, j, got)
				}
			}
		}
		if !d.IsMonitored() {
			unmonitored++
		}
		if !d.Sample {
			t.Errorf("%s: not marked sample", d.Slug)
		}
		for _, m := range d.Menus {
			if len(before.Menus) == 0 {
				perPlatform[m.Platform]++
				if StoreKey(m) == "" {
					t.Errorf("%s: demo %s menu has no store key", d.Slug, m.Platform)
				}
			}
		}
	}
	for _, p := range platforms {
		if p.demoStores > 0 && perPlatform[p.name] == 0 {
			t.Errorf("no demo menu on %s", p.name)
		}
	}
	if unmonitored == 0 {
		t.Error("every dispensary is monitored; the demo should keep some unmonitored, as the real registry does")
	}
	if _, err := DemoDataset(demo); err != nil {
		t.Fatalf("DemoDataset of the demo registry: %v", err)
	}
}

// TestDemoRegistryFewFreeStores: a registry with just enough stores without a menu gives
// each of them a demo menu (no skipping); one store fewer is a clear error, not a panic.
func TestDemoRegistryFewFreeStores(t *testing.T) {
	total := 0
	for _, p := range platforms {
		total += p.demoStores
	}
	registryOf := func(n int) data.Registry {
		var reg data.Registry
		for i := range n {
			reg.Dispensaries = append(reg.Dispensaries, data.Dispensary{Slug: fmt.Sprintf("store-%03d", i), Name: "Store", City: "Akron", Region: "Northeast"})
		}
		return reg
	}
	demo, err := DemoRegistry(registryOf(total))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range demo.Dispensaries {
		if len(d.Menus) == 0 {
			t.Errorf("%s: no demo menu, though the registry has only %d free stores for %d demo stores", d.Slug, total, total)
		}
	}
	if _, err := DemoRegistry(registryOf(total - 1)); err == nil || !strings.Contains(err.Error(), "too few dispensaries without a menu") {
		t.Errorf("one store short: err %v", err)
	}
}
