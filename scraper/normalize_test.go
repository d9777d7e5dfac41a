package scraper

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

// The shared normalisation, case by case; the labels are the platforms' own, from the
// captures and docs/platforms.md §9.

func TestStrainType(t *testing.T) {
	for label, want := range map[string]string{
		"Indica": "indica", "INDICA": "indica", "indica-dominant": "indica", "Indica Dominant Hybrid": "indica",
		"Sativa": "sativa", "sativa hybrid": "sativa", "Hybrid": "hybrid", "HYBRID": "hybrid",
		"N/A": "", "High CBD": "", "THC": "", "": "",
	} {
		if got := StrainType(label); got != want {
			t.Errorf("StrainType(%q) = %q, want %q", label, got, want)
		}
	}
}

func TestParseSize(t *testing.T) {
	tests := []struct {
		label     string
		grams, mg float64
	}{
		{"1/8oz", 3.5, 0}, {"1/8 oz", 3.5, 0}, {"1/4oz", 7, 0}, {"1/2 oz", 14, 0}, {"1 oz", 28, 0},
		{"eighth ounce", 3.5, 0}, {"half gram", 0.5, 0}, {"two gram", 2, 0},
		{"3.5g", 3.5, 0}, {"1 g", 1, 0}, {"1gC", 1, 0}, {".5g", 0.5, 0},
		// Ohio's tenth-of-an-ounce family, as written and as a slug writes it.
		{"2.83g", 2.83, 0}, {"5.66g", 5.66, 0}, {"14.15g", 14.15, 0}, {"28.3g", 28.3, 0},
		{"josh-d-og-2-83g-indica", 2.83, 0}, {"1/10oz", 2.83, 0},
		// Milligram packs: the mg figure wins.
		{"10pk/100mg", 0, 100}, {"100mg", 0, 100}, {"100 mg", 0, 100},
		// Packs: the unit weight of a pack counts as the pack; a stated package stays.
		{"5 x 0.5g", 2.5, 0}, {"5 x 0.5g (2.5g)", 2.5, 0}, {"0.35g x 10", 3.5, 0}, {"1g (2 x 0.5g)", 1, 0},
		{"N/A", 0, 0}, {"each", 0, 0}, {"", 0, 0}, {"Each", 0, 0},
	}
	for _, tt := range tests {
		got := ParseSize(tt.label)
		if got.Grams != tt.grams || got.Milligrams != tt.mg {
			t.Errorf("ParseSize(%q) = %v g %v mg, want %v g %v mg", tt.label, got.Grams, got.Milligrams, tt.grams, tt.mg)
		}
	}
}

func TestEdibleMilligrams(t *testing.T) {
	tests := []struct {
		platformMg float64
		label      string
		want       float64
	}{
		{100, "10pk", 100}, // the platform's figure first
		{0, "10pk/100mg", 100},
		{0, "0.025g", 25}, // Joint writes doses in grams
		{0, ".1g", 100},   // Dutchie-fed menus too
		{0, "1 each", 0},
		{0, "2g", 0}, // a weight over a gram is no dose
	}
	for _, tt := range tests {
		if got := EdibleMilligrams(tt.platformMg, tt.label); got != tt.want {
			t.Errorf("EdibleMilligrams(%v, %q) = %v, want %v", tt.platformMg, tt.label, got, tt.want)
		}
	}
}

func TestStrainName(t *testing.T) {
	tests := []struct{ name, brand, want string }{
		{"Cereal Milk", "Insa", "Cereal Milk"},
		{"Forza | Live Sugar | 1g", "Natural Selections", "Forza"},
		{"Bluenana  [4.2g]", "Calypso", "Bluenana"},
		{"Slerple Milled", "Nugz Grind", "Slerple"},
		{"Peaches & Cream Runtz (I/H)", "", "Peaches & Cream Runtz"},
		{"Garlic Knots (2-Pack)", "", "Garlic Knots"},
		{"OMC - Ice Cream Cake", "OMC", "Ice Cream Cake"},
		{"WYLD Sour Cherry Indica Enhanced Gummies (Mellow) - 100mg", "WYLD", "Sour Cherry Indica Enhanced Gummies (Mellow)"},
		{"Titanimal Cannabis Flower by Truro - Titanimal Cannabis Flower by Truro", "", "Titanimal"},
	}
	for _, tt := range tests {
		if got := StrainName(tt.name, tt.brand); got != tt.want {
			t.Errorf("StrainName(%q, %q) = %q, want %q", tt.name, tt.brand, got, tt.want)
		}
	}
}

func TestLooseNumbersAndCents(t *testing.T) {
	// Numbers as strings (Joint, Weedmaps) read like numbers; cents (Tymber) become
	// dollars through the same rounding as every price.
	var n looseNumber
	for raw, want := range map[string]float64{`"45.00"`: 45, `45`: 45, `" 19.5 "`: 19.5} {
		if err := n.UnmarshalJSON([]byte(raw)); err != nil || !n.Set || n.V != want {
			t.Errorf("%s: %+v %v, want %v", raw, n, err, want)
		}
	}
	if got := dollars(4599.0 / 100); got != 45.99 {
		t.Errorf("4599 cents = %v dollars", got)
	}
}

func TestRemoveFold(t *testing.T) {
	tests := []struct{ s, sub, want string }{
		{"WYLD Sour Cherry", "wyld", "  Sour Cherry"},
		{"Sour wyld Cherry WYLD", "Wyld", "Sour   Cherry  "},
		{"no brand here", "Insa", "no brand here"},
		// Invalid UTF-8 before the brand (found by FuzzHTMLMenu): lowering the string
		// would grow "\xcd" to three bytes and cut the result out of range.
		{"\xcdB", "b", "\xcd "},
		{"\xcd", "b", "\xcd"},
	}
	for _, tt := range tests {
		if got := removeFold(tt.s, tt.sub); got != tt.want {
			t.Errorf("removeFold(%q, %q) = %q, want %q", tt.s, tt.sub, got, tt.want)
		}
	}
}

// TestStrainNoiseNeeds: a noise pattern never matches a name without one of the
// characters it is said to need (the shortcut StrainName takes), over every name of the
// golden files and names written to hit each pattern.
func TestStrainNoiseNeeds(t *testing.T) {
	names := []string{
		"Titanimal Cannabis Flower by Truro", "Velcroz (I/H)", "Gummies (10 pcs)", "Chews 10pk/100mg",
		"Mints 5mg x 20-Pack", "Bluenana 3.5g", "Kush 1/8 oz", "Smalls", "Blue Dream Hybrid", "Haze SATIVA",
		"Bluenana [ ]", "ſativa", "Hybrid", "Indica ",
	}
	paths, err := filepath.Glob("testdata/golden/*.json")
	if err != nil || len(paths) == 0 {
		t.Fatalf("golden files: %v", err)
	}
	for _, p := range paths {
		var offers []data.Offer
		if err := json.Unmarshal(readTestdata(t, strings.TrimPrefix(p, "testdata/")), &offers); err != nil {
			t.Fatal(err)
		}
		for _, o := range offers {
			names = append(names, o.Name, o.Size)
		}
	}
	matched := 0
	for _, name := range names {
		for _, n := range strainNoise {
			if n.need == "" || !n.re.MatchString(name) {
				continue
			}
			matched++
			if !strings.ContainsAny(name, n.need) {
				t.Errorf("%s matches %q, which has none of %q", n.re, name, n.need)
			}
		}
	}
	if matched < 10 {
		t.Errorf("only %d matches: the names do not exercise the patterns", matched)
	}
}
