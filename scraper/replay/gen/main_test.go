package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ohiomc/omc/scraper/replay/internal/pool"
)

// The generator's inputs as the tests find them from scraper/replay/gen: everything is
// in the repository, so a clone alone can run them.
var testFixtures = fixtures{captures: "../../testdata", ohio: "testdata/ohcanna-snapshots"}

func mustBuild(t *testing.T) map[string][]byte {
	t.Helper()
	assets, err := build(testFixtures)
	if err != nil {
		t.Fatalf("build from %+v: %v", testFixtures, err)
	}
	return assets
}

// TestPoolRoundTrip: a pool encodes to the same bytes every time and decodes back whole.
func TestPoolRoundTrip(t *testing.T) {
	p := pool.Pool{
		Sources: []pool.Source{{ID: "s", File: "f.json", Repo: "o/r", Path: "p", Commit: "c"}},
		Items: []pool.Item{{ID: "1", Source: "s", Origin: "OH", Category: "Flower", Name: "N", THC: 20, PotencyUnit: "%",
			Sizes: []pool.Size{{Label: "2.83g", JaneWeight: "two gram", Grams: 2.83, Price: 38, SalePrice: 26.6}}}},
	}
	var a, b bytes.Buffer
	if err := encodePool(&a, p); err != nil {
		t.Fatal(err)
	}
	if err := encodePool(&b, p); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two encodings of one pool differ")
	}
	got, err := pool.Decode(a.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, p) {
		t.Errorf("round trip = %+v, want %+v", got, p)
	}
}

func TestBuildIsDeterministic(t *testing.T) {
	a, b := mustBuild(t), mustBuild(t)
	for name := range a {
		if !bytes.Equal(a[name], b[name]) {
			t.Errorf("%s differs between two runs", name)
		}
	}
}

// TestCommittedAssetsAreCurrent fails when demo/ was not regenerated after a change to
// the generator or the fixtures.
func TestCommittedAssetsAreCurrent(t *testing.T) {
	for name, fresh := range mustBuild(t) {
		committed, err := os.ReadFile(filepath.Join("..", "demo", name))
		if err != nil {
			t.Fatalf("%v (run go generate ./scraper/replay)", err)
		}
		if !bytes.Equal(committed, fresh) {
			t.Errorf("demo/%s is stale: run go generate ./scraper/replay", name)
		}
	}
}

func TestPoolContent(t *testing.T) {
	assets := mustBuild(t)
	if n := len(assets["pool.json.gz"]); n > 200_000 {
		t.Errorf("pool is %d bytes; it is embedded in the binary and should stay small", n)
	}
	p, err := pool.Decode(assets["pool.json.gz"])
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]pool.Item{}
	for _, it := range p.Items {
		byID[it.ID] = it
		if it.Origin == "OH" && it.Category != "Flower" && it.Category != "Vape" {
			t.Errorf("Ohio item %s is %s: only the flower and vape files hold real data", it.ID, it.Category)
		}
		if it.Category == "Edible" && (it.PotencyUnit != "mg" || it.Sizes[0].Mg <= 0) {
			t.Errorf("edible %s has potency %v %s, size mg %v; want mg", it.ID, it.THC, it.PotencyUnit, it.Sizes[0].Mg)
		}
	}

	// Akron 2026-07-01, ".../2416566+two_gram/belushis-farm-muul-fuel-2-83g-indica", msrp 38,
	// sale_price 26.6 (none on 2026-06-30: the newer record wins), package_size_grams 2.0.
	muul, ok := byID["2416566"]
	if !ok {
		t.Fatal("product 2416566 missing")
	}
	want := pool.Size{Label: "2.83g", JaneWeight: "two gram", Grams: 2.83, Price: 38, SalePrice: 26.6}
	// Its name "Muul Fuel Belushi's Farm whole buds" holds brand and format (both UNKNOWN in the record).
	if len(muul.Sizes) != 1 || muul.Sizes[0] != want || muul.Name != "Muul Fuel" || muul.Brand != "Belushi's Farm" || muul.Subtype != "whole buds" || muul.StrainType != "indica" {
		t.Errorf("2416566 = %+v, want Muul Fuel by Belushi's Farm, whole buds, one size %+v, indica", muul, want)
	}
	// No Ohio title is left with its brand in the name.
	for _, it := range p.Items {
		if it.Origin == "OH" && it.Brand == "" {
			t.Errorf("Ohio item %s %q has no brand", it.ID, it.Name)
		}
	}
	for _, id := range []string{"2668364", "2521524"} { // THC 811 and 727 in the records
		if _, ok := byID[id]; ok {
			t.Errorf("product %s with impossible THC is in the pool", id)
		}
	}
	if !bytes.Contains(assets["PROVENANCE.md"], []byte("CC-BY-4.0")) || !bytes.Contains(assets["PROVENANCE.md"], []byte("e78d00f160fdf73c824e2696b4d864a335efc06e")) {
		t.Error("PROVENANCE.md lacks the licence or the OHCanna commit")
	}
}

func TestGramsFromSlug(t *testing.T) {
	tests := []struct {
		slug  string
		grams float64
		err   string
	}{
		{"belushis-farm-muul-fuel-2-83g-indica", 2.83, ""},
		{"riviera-creek-garlic-cookies-small-buds-7g-indica", 7, ""},
		{"galenas-x-14-15g-hybrid", 14.15, ""},
		{"bloom-cannabis-acapulco-gold-distillate-cart-1g", 1, ""},
		{"ub-good-purple-krush-disposable-0-5g-indica", 0.5, ""},
		{"no-weight-here", 0, "want exactly one weight, found 0"},
		{"two-1g-and-2g-x", 0, "found 2"},
	}
	for _, tt := range tests {
		t.Run(tt.slug, func(t *testing.T) {
			g, err := gramsFromSlug(tt.slug)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || g != tt.grams {
				t.Errorf("= %v, %v; want %v", g, err, tt.grams)
			}
		})
	}
}

func TestParseOptionGrams(t *testing.T) {
	tests := []struct {
		option string
		grams  float64
		ok     bool
	}{
		{"1g", 1, true}, {".5g", 0.5, true}, {"1gC", 1, true}, {"2.5g", 2.5, true},
		{"1/8oz", 3.5, true}, {"0.025g", 0.025, true}, {"N/A", 0, false}, {"10pk", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.option, func(t *testing.T) {
			g, err := parseOptionGrams(tt.option)
			if (err == nil) != tt.ok || g != tt.grams {
				t.Errorf("= %v, %v; want %v ok=%v", g, err, tt.grams, tt.ok)
			}
		})
	}
}

func TestCheckPool(t *testing.T) {
	item := func(id, category string) pool.Item {
		return pool.Item{ID: id, Category: category, Name: id, Sizes: []pool.Size{{Label: "1g", Price: 10}}}
	}
	full := func() pool.Pool {
		var p pool.Pool
		for _, c := range []string{"Flower", "Preroll", "Vape", "Extract", "Edible"} {
			for i := range minPerCategory {
				p.Items = append(p.Items, item(c+string(rune('a'+i)), c))
			}
		}
		return p
	}
	tests := []struct {
		name   string
		change func(*pool.Pool)
		err    string
	}{
		{"complete", func(*pool.Pool) {}, ""},
		{"duplicate id", func(p *pool.Pool) { p.Items = append(p.Items, p.Items[0]) }, "appears twice"},
		{"no price", func(p *pool.Pool) { p.Items[0].Sizes[0].Price = 0 }, "has no price"},
		{"no size", func(p *pool.Pool) { p.Items[0].Sizes = nil }, "has no size"},
		{"too few edibles", func(p *pool.Pool) { p.Items = p.Items[:len(p.Items)-1] }, "category Edible has 11"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := full()
			tt.change(&p)
			err := checkPool(p)
			if (tt.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.err)) {
				t.Errorf("error %v, want %q", err, tt.err)
			}
		})
	}
}
