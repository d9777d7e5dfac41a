package data

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"time"
)

// The law data file: Ohio's purchase limits and the taxes on a purchase, each figure
// with its source. The site imports the same file (site/src/features/offers/lib), so a
// rate is written once for both.
//
//go:embed law/ohio-limits.json
var lawJSON []byte

// TaxRates are the rates of law/ohio-limits.json's "tax" section, in per cent.
type TaxRates struct {
	// AsOf is the date of the newest rate change the table includes.
	AsOf string
	// AdultUseExcise is the excise tax on adult-use sales (ORC 3796.40(B)); medical
	// sales pay none.
	AdultUseExcise float64
	// StateSales is the state sales tax rate.
	StateSales float64
	// CountyTotal is each county's total state and local sales tax rate (the state's
	// rate included), by county name ("Cuyahoga").
	CountyTotal map[string]float64
}

// SalesTax is county's total sales tax rate in per cent (state and county), and
// whether the table has the county.
func (t TaxRates) SalesTax(county string) (float64, bool) {
	r, ok := t.CountyTotal[county]
	return r, ok
}

var (
	taxOnce sync.Once
	taxes   TaxRates
	taxErr  error
)

// OhioTax returns the embedded tax rates, read and checked once: a rate without a
// listed source, a county that is not one of Ohio's 88 or an implausible rate is an
// error naming the figure.
func OhioTax() (TaxRates, error) {
	taxOnce.Do(func() {
		var places Places
		if places, taxErr = OhioPlaces(); taxErr == nil {
			taxes, taxErr = ParseTax("law/ohio-limits.json", lawJSON, places)
		}
	})
	return taxes, taxErr
}

// sourcedRate is one figure of the tax section: a rate and the key of its source.
type sourcedRate struct {
	Percent *float64 `json:"percent"`
	Source  string   `json:"source"`
}

// ParseTax reads the "tax" section of the law data file raw (named name in errors)
// and checks every rate against the file's sources and the counties of places.
func ParseTax(name string, raw []byte, places Places) (TaxRates, error) {
	var file struct {
		Sources map[string]struct {
			Citation string `json:"citation"`
			URL      string `json:"url"`
		} `json:"sources"`
		Tax *struct {
			AsOf           string      `json:"asOf"`
			AdultUseExcise sourcedRate `json:"adultUseExcise"`
			StateSales     sourcedRate `json:"stateSales"`
			MedicalSales   struct {
				Source string `json:"source"`
			} `json:"medicalSales"`
			CountyTotals struct {
				Rates map[string]sourcedRate `json:"rates"`
			} `json:"countyTotals"`
		} `json:"tax"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		return TaxRates{}, fmt.Errorf("%s: %w", name, err)
	}
	if file.Tax == nil {
		return TaxRates{}, fmt.Errorf("%s: no tax section", name)
	}
	tax := file.Tax
	if _, err := time.Parse(time.DateOnly, tax.AsOf); err != nil {
		return TaxRates{}, fmt.Errorf("%s: tax.asOf %q is not a date (YYYY-MM-DD)", name, tax.AsOf)
	}
	sourced := func(field string, source string) error {
		s, ok := file.Sources[source]
		switch {
		case source == "":
			return fmt.Errorf("%s: %s has no source", name, field)
		case !ok:
			return fmt.Errorf("%s: %s: source %q is not listed in sources", name, field, source)
		case s.Citation == "" || !strings.HasPrefix(s.URL, "https://"):
			return fmt.Errorf("%s: sources.%s needs a citation and an https URL", name, source)
		}
		return nil
	}
	rate := func(field string, r sourcedRate, lo, hi float64) (float64, error) {
		if r.Percent == nil {
			return 0, fmt.Errorf("%s: %s has no percent", name, field)
		}
		if p := *r.Percent; math.IsNaN(p) || p < lo || p > hi {
			return 0, fmt.Errorf("%s: %s: %v %% is not a plausible rate (%v to %v)", name, field, p, lo, hi)
		}
		return *r.Percent, sourced(field, r.Source)
	}
	out := TaxRates{AsOf: tax.AsOf, CountyTotal: map[string]float64{}}
	var err error
	if out.AdultUseExcise, err = rate("tax.adultUseExcise", tax.AdultUseExcise, 0, 50); err != nil {
		return TaxRates{}, err
	}
	if out.StateSales, err = rate("tax.stateSales", tax.StateSales, 0, 20); err != nil {
		return TaxRates{}, err
	}
	if err := sourced("tax.medicalSales", tax.MedicalSales.Source); err != nil {
		return TaxRates{}, err
	}
	counties := make([]string, 0, len(tax.CountyTotals.Rates))
	for c := range tax.CountyTotals.Rates {
		counties = append(counties, c)
	}
	sort.Strings(counties)
	for _, c := range counties {
		field := "tax.countyTotals.rates." + c
		if _, ok := places.Regions[c]; !ok {
			return TaxRates{}, fmt.Errorf("%s: %s: not one of Ohio's 88 counties", name, field)
		}
		// A bound against typing errors, wider than any Ohio county's local add-on
		// (at most 2.25 % in the Department of Taxation's table).
		if out.CountyTotal[c], err = rate(field, tax.CountyTotals.Rates[c], out.StateSales, out.StateSales+3); err != nil {
			return TaxRates{}, err
		}
	}
	if len(out.CountyTotal) != len(places.Regions) {
		var missing []string
		for c := range places.Regions {
			if _, ok := out.CountyTotal[c]; !ok {
				missing = append(missing, c)
			}
		}
		sort.Strings(missing)
		return TaxRates{}, fmt.Errorf("%s: tax.countyTotals.rates lacks %s", name, strings.Join(missing, ", "))
	}
	return out, nil
}
