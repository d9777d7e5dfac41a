package data_test

import (
	"os"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

// TestOhioTaxEveryCountySourced: the embedded law file's tax section gives every one
// of Ohio's 88 counties a rate, each with a listed source, and the figures the
// Department of Taxation's table and bulletin state.
func TestOhioTaxEveryCountySourced(t *testing.T) {
	tax, err := data.OhioTax()
	if err != nil {
		t.Fatal(err)
	}
	places, err := data.OhioPlaces()
	if err != nil {
		t.Fatal(err)
	}
	if len(tax.CountyTotal) != 88 || len(places.Regions) != 88 {
		t.Fatalf("%d county rates for %d counties", len(tax.CountyTotal), len(places.Regions))
	}
	if tax.AdultUseExcise != 10 || tax.StateSales != 5.75 {
		t.Errorf("excise %v %%, state %v %%; want 10 and 5.75", tax.AdultUseExcise, tax.StateSales)
	}
	for county, want := range map[string]float64{"Cuyahoga": 8, "Franklin": 8, "Hamilton": 7.8, "Butler": 6.5, "Summit": 6.75, "Lucas": 7.75, "Lake": 7, "Allen": 6.85} {
		if got, ok := tax.SalesTax(county); !ok || got != want {
			t.Errorf("%s: %v %% (%v), want %v %%", county, got, ok, want)
		}
	}
	if _, ok := tax.SalesTax("Lukas"); ok {
		t.Error("a county that does not exist has a rate")
	}
}

// TestParseTaxRefusesUnsourcedRates: a rate without a source, with a source the file
// does not list, or out of bounds, and a county left out, each fail naming the figure.
func TestParseTaxRefusesUnsourcedRates(t *testing.T) {
	places, err := data.OhioPlaces()
	if err != nil {
		t.Fatal(err)
	}
	raw := string(lawFile(t))
	for _, tc := range []struct{ name, from, to, want string }{
		{"county without a source", `"percent": 7.25,
          "source": "ODT-COUNTY-2024-07"
        },
        "Allen"`, `"percent": 7.25
        },
        "Allen"`, "tax.countyTotals.rates.Adams has no source"},
		{"unlisted source", `"source": "ODT-BULLETIN-2025-04"`, `"source": "A-BLOG"`, `tax.countyTotals.rates.Franklin: source "A-BLOG" is not listed`},
		{"excise without a source", `"source": "ORC-3796.40",`, `"source": "",`, "tax.adultUseExcise has no source"},
		{"absurd rate", `"percent": 7.8,`, `"percent": 78,`, "tax.countyTotals.rates.Hamilton: 78 % is not a plausible rate"},
		{"county left out", `"Wyandot": {`, `"Wyandotte": {`, "tax.countyTotals.rates.Wyandotte: not one of Ohio's 88 counties"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(raw, tc.from) {
				t.Fatalf("the law file no longer has %q", tc.from)
			}
			_, err := data.ParseTax("ohio-limits.json", []byte(strings.Replace(raw, tc.from, tc.to, 1)), places)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// lawFile is the law data file as the repository holds it (the embedded copy).
func lawFile(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("law/ohio-limits.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}
