package data

import (
	"regexp"
	"testing"
)

func TestCanonicalTerpene(t *testing.T) {
	tests := []struct{ in, want string }{
		// Spellings from the captures: Ohio (Bloom) data, Joint/Dutchie, Jane, Sweed, Dispense.
		{"Myrcene", "Myrcene"}, {"Beta Myrcene", "Myrcene"}, {"beta-myrcene", "Myrcene"}, {"β-Myrcene", "Myrcene"},
		{"Caryo", "Beta-Caryophyllene"}, {"Beta Caryophyllene", "Beta-Caryophyllene"},
		{"caryophyllene", "Beta-Caryophyllene"}, {"BETA-CARYOPHYLLENE", "Beta-Caryophyllene"},
		{"Caryophyllene Oxide", "Caryophyllene Oxide"},
		{"Limonene", "Limonene"}, {"d-Limonene", "Limonene"},
		{"Alpha Pinene", "Pinene"}, {"Beta Pinene", "Pinene"}, {"alpha-pinene", "Pinene"}, {"Pinene", "Pinene"},
		{"Humulene", "Humulene"}, {"alpha-Humulene", "Humulene"},
		{"Linalool", "Linalool"}, {"Terpinolene", "Terpinolene"},
		{"trans-Ocimene", "Ocimene"}, {"Beta-Ocimene", "Ocimene"},
		{"Bisabolol", "Bisabolol"}, {"alpha-Bisabolol", "Bisabolol"},
		{"Nerolidol", "Nerolidol"}, {"trans-Nerolidol", "Nerolidol"}, {"(E)-Nerolidol", "Nerolidol"},
		{"Eucalyptol", "Eucalyptol"}, {"1,8-Cineole", "Eucalyptol"},
		{"delta-3-Carene", "Carene"}, {"3-Carene", "Carene"},
		{"Gamma-Terpinene", "Terpinene"}, {"alpha-Terpineol", "Terpineol"},
		{"Fenchyl Alcohol", "Fenchol"},
		// Dispense's lab field names.
		{"alphapinene", "Pinene"}, {"betaMyrcene", "Myrcene"}, {"betacaryophyllene", "Beta-Caryophyllene"},
		{"transNerolidol", "Nerolidol"}, {"threeCarene", "Carene"}, {"caryophylleneOxide", "Caryophyllene Oxide"},
	}
	for _, tt := range tests {
		got, ok := CanonicalTerpene(tt.in)
		if !ok || got.Name != tt.want {
			t.Errorf("CanonicalTerpene(%q) = %+v, %v; want %s", tt.in, got, ok, tt.want)
		}
	}
	for _, no := range []string{"Total Terpenes", "THC", "CBD", "", "Terpenes", "Lemon", "p-Cymene", "betaEudesmol"} {
		if got, ok := CanonicalTerpene(no); ok {
			t.Errorf("CanonicalTerpene(%q) = %+v, want not a terpene", no, got)
		}
	}
}

func TestTerpenesList(t *testing.T) {
	slug := regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)
	seen := map[string]bool{}
	for _, tp := range Terpenes {
		if !slug.MatchString(tp.Slug) || seen[tp.Slug] {
			t.Errorf("%q: slug %q not URL-safe or not unique", tp.Name, tp.Slug)
		}
		seen[tp.Slug] = true
		if got, ok := CanonicalTerpene(tp.Name); !ok || got != tp {
			t.Errorf("CanonicalTerpene(%q) = %+v, %v: a canonical name must map to itself", tp.Name, got, ok)
		}
	}
}
