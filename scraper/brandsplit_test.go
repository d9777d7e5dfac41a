package scraper

import "testing"

// The cases are real records of fixtures/ohcanna-snapshots (2026-07-01), as the demo
// pool carries them.
func TestSplitBrandFromName(t *testing.T) {
	tests := []struct {
		name, slug, strain, brand string
		ok                        bool
	}{
		{"Wedding Cake R.o. whole buds", "r-o-wedding-cake-2-83g-hybrid", "Wedding Cake", "R.o.", true},
		{"Muul Fuel Belushi's Farm whole buds", "belushis-farm-muul-fuel-2-83g-indica", "Muul Fuel", "Belushi's Farm", true},
		{"Double Og Chem Rebel X Anthos whole buds", "rebel-x-anthos-double-og-chem-2-83g-hybrid", "Double Og Chem", "Rebel X Anthos", true},
		{"Martian Mellows R.o. whole buds", "r-o-martian-mellows-14-15g-hybrid", "Martian Mellows", "R.o.", true},
		{"Walkabout Anthos whole buds", "anthos-walkabout-2-83g-sativa", "Walkabout", "Anthos", true},
		// A normal record: the name is the strain, the slug starts with the brand, which
		// the name does not carry. Nothing to split.
		{"Garlic Cookies", "riviera-creek-garlic-cookies-3-5g-indica", "", "", false},
		{"Wedding Cake", "", "", "", false},
		{"", "r-o-wedding-cake-2-83g-hybrid", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			strain, brand, ok := SplitBrandFromName(tt.name, tt.slug)
			if strain != tt.strain || brand != tt.brand || ok != tt.ok {
				t.Errorf("got (%q, %q, %v), want (%q, %q, %v)", strain, brand, ok, tt.strain, tt.brand, tt.ok)
			}
		})
	}
}
