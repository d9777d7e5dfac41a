package scraper

import (
	"fmt"
	"math"
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
	WarnPriceNotAbove = "price is zero"
	WarnSaleOver      = "sale price not below the regular price"
	// WarnPriceRefused and WarnSaleRefused: the menu's value cannot be a price (not a
	// finite number, negative or above data.MaxPrice); it is refused, the offer kept
	// without it (price 0, or not on sale), so one absurd value can neither reach the
	// store nor stop a publish.
	WarnPriceRefused = "price not a number from $0 to $100,000; refused"
	WarnSaleRefused  = "sale price not a number from $0 to $100,000; refused"
	// WarnNotANumber: a weight, dose, potency or terpene amount that is not a finite
	// number is refused (0, or unknown).
	WarnNotANumber = "weight, dose or potency not a number; refused"
	WarnWeight     = "package weight implausible"
	WarnPerGram    = "price per gram implausible"
	WarnURL        = "product URL is not http(s); dropped"
	// WarnTextCut: a text longer than its maximum (data.MaxName and the others) is cut
	// to it, so that a menu's absurd name can reach no file name, log or snapshot whole.
	WarnTextCut = "text longer than its maximum; cut"
)

// CheckOffer adds a warning to o for every implausible value. Values that cannot be
// what they stand for are removed, each with a warning that says so: a price that is
// not a number from $0 to data.MaxPrice, a weight or potency that is not a finite
// number, an unsafe URL (it would be published as a link). Every offer of every
// adapter passes here before it is stored: the adapters' boundary.
func CheckOffer(o *data.Offer) {
	warn := func(w string) {
		if !slices.Contains(o.Warnings, w) {
			o.Warnings = append(o.Warnings, w)
		}
	}
	refuseNumbers(o, warn)
	cutTexts(o, warn)
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
	if o.Price <= 0 && !slices.Contains(o.Warnings, WarnPriceRefused) {
		warn(WarnPriceNotAbove)
	}
	if o.SalePrice > 0 && o.SalePrice >= o.Price {
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

// refuseNumbers removes the values of o that cannot be what they stand for, with a
// warning each: prices data.PriceProblem refuses, and weights, doses, potencies and
// terpene amounts that are not finite (SQLite would store a NaN as NULL and refuse the
// whole menu; JSON holds neither).
func refuseNumbers(o *data.Offer, warn func(string)) {
	if data.PriceProblem(o.Price) != "" {
		o.Price = 0
		warn(WarnPriceRefused)
	}
	if data.PriceProblem(o.SalePrice) != "" {
		o.SalePrice = 0
		warn(WarnSaleRefused)
	}
	bad := func(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) }
	for _, v := range []*float64{&o.Grams, &o.Milligrams} {
		if bad(*v) {
			*v = 0
			warn(WarnNotANumber)
		}
	}
	for _, p := range []**float64{&o.THC, &o.CBD} {
		if *p != nil && bad(**p) {
			*p = nil
			warn(WarnNotANumber)
		}
	}
	for i := range o.Terpenes {
		if a := o.Terpenes[i].Amount; a != nil && bad(*a) {
			o.Terpenes[i].Amount, o.Terpenes[i].Unit = nil, ""
			warn(WarnNotANumber)
		}
	}
}

// cutTexts cuts every text of o to its maximum (data.MaxName…), with a warning: a
// menu's text becomes codes, file names and log lines, and each is bounded.
func cutTexts(o *data.Offer, warn func(string)) {
	cut := func(v *string, max int) {
		if s, ok := data.Cut(*v, max); ok {
			*v = s
			warn(WarnTextCut)
		}
	}
	cut(&o.Name, data.MaxName)
	cut(&o.Brand, data.MaxBrand)
	cut(&o.Strain, data.MaxStrain)
	cut(&o.StrainType, data.MaxStrainType)
	cut(&o.RawCategory, data.MaxRawCategory)
	cut(&o.Size, data.MaxSize)
	cut(&o.ProductID, data.MaxProductID)
	cut(&o.PotencyUnit, data.MaxPotencyUnit)
	if len(o.URL) > data.MaxURL {
		o.URL = "" // a URL cut short is no link
		warn(WarnTextCut)
	}
	if len(o.Terpenes) > data.MaxTerpenes {
		o.Terpenes = o.Terpenes[:data.MaxTerpenes]
		warn(WarnTextCut)
	}
	for i := range o.Terpenes {
		cut(&o.Terpenes[i].Name, data.MaxTerpeneName)
	}
	if len(o.Lineage) > data.MaxLineage {
		o.Lineage = o.Lineage[:data.MaxLineage]
		warn(WarnTextCut)
	}
	for i := range o.Lineage {
		cut(&o.Lineage[i], data.MaxStrain)
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
