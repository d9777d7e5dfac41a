package scraper

import (
	"fmt"
	"net/url"
	"slices"

	"github.com/ohiomc/omc/data"
)

// Bounds of plausible menu values. An offer outside them is kept and stored with a
// warning (statistics and deals leave warned offers out): a menu typo must be visible
// to maintainers, never silently dropped or silently published.
const (
	// maxTHCPercent: nothing is more than 100 % THC.
	maxTHCPercent = 100
	// maxPackageMg: ten times the common 100 mg edible package, room for large medical
	// packs while still catching a decimal slip (10000 mg for 100.00).
	maxPackageMg = 1000
	// maxGrams: nothing on a retail menu weighs more than a pound.
	maxGrams = 454
	// Price per gram bounds for flower, pre-rolls, vapes and extracts: below a dollar or
	// above $500 a gram is a typo (a price in cents, a missing decimal point).
	minDollarsPerGram = 1
	maxDollarsPerGram = 500
)

// Warnings are the data-quality problems CheckOffer reports, as stored with the offer.
const (
	WarnTHCOver       = "THC above 100%"
	WarnMgOver        = "THC content above 1000 mg"
	WarnNegativeTHC   = "negative potency"
	WarnPriceNotAbove = "price is zero or negative"
	WarnSaleOver      = "sale price not below the regular price"
	WarnSaleNegative  = "negative sale price"
	WarnWeight        = "package weight implausible"
	WarnPerGram       = "price per gram implausible"
	WarnURL           = "product URL is not http(s); dropped"
)

// CheckOffer adds a warning to o for every implausible value. An unsafe URL is the one
// value removed (it would be published as a link); the warning says so.
func CheckOffer(o *data.Offer) {
	warn := func(w string) {
		if !slices.Contains(o.Warnings, w) {
			o.Warnings = append(o.Warnings, w)
		}
	}
	for _, p := range []*float64{o.THC, o.CBD} {
		if p == nil {
			continue
		}
		switch {
		case *p < 0:
			warn(WarnNegativeTHC)
		case o.PotencyUnit == "mg" && *p > maxPackageMg:
			warn(WarnMgOver)
		case o.PotencyUnit != "mg" && *p > maxTHCPercent:
			warn(WarnTHCOver)
		}
	}
	if o.Milligrams > maxPackageMg || o.Milligrams < 0 {
		warn(WarnMgOver)
	}
	if o.Price <= 0 {
		warn(WarnPriceNotAbove)
	}
	if o.SalePrice < 0 {
		warn(WarnSaleNegative)
	} else if o.SalePrice > 0 && o.SalePrice >= o.Price {
		warn(WarnSaleOver)
	}
	if o.Grams < 0 || o.Grams > maxGrams {
		warn(WarnWeight)
	} else if o.Grams > 0 && o.Price > 0 && o.Category != data.Edible && o.Category != data.Other {
		if per := o.Price / o.Grams; per < minDollarsPerGram || per > maxDollarsPerGram {
			warn(WarnPerGram)
		}
	}
	if o.URL != "" && !httpURL(o.URL) {
		o.URL = ""
		warn(WarnURL)
	}
}

func httpURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// CheckMenu checks every offer of a menu and returns how many carry a warning.
func CheckMenu(offers []data.Offer) int {
	n := 0
	for i := range offers {
		CheckOffer(&offers[i])
		if len(offers[i].Warnings) > 0 {
			n++
		}
	}
	return n
}

// describeWarnings summarises the warnings of a menu for a scrape result line.
func describeWarnings(offers []data.Offer) string {
	counts := map[string]int{}
	var order []string
	for _, o := range offers {
		for _, w := range o.Warnings {
			if counts[w] == 0 {
				order = append(order, w)
			}
			counts[w]++
		}
	}
	s := ""
	for i, w := range order {
		if i > 0 {
			s += "; "
		}
		s += fmt.Sprintf("%d× %s", counts[w], w)
	}
	return s
}
