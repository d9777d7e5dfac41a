package data

import (
	"fmt"
	"math"
)

// MaxPrice is the highest price, in dollars, that omc takes for one package on a menu.
// Ohio's dispensaries sell at most a few ounces at once, for hundreds of dollars; a
// value a thousand times that is a menu's mistake (a price in hundredths of cents, an
// overflowed field), and a value near the float64 limit cannot even be turned into
// cents without becoming infinite.
const MaxPrice = 100_000

// PriceProblem says why v cannot be a price ("" when it can): not a finite number,
// negative, or above MaxPrice.
func PriceProblem(v float64) string {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return fmt.Sprintf("%v is not a number", v)
	case v < 0:
		return fmt.Sprintf("%v is negative", v)
	case v > MaxPrice:
		return fmt.Sprintf("%.6g is above $%d", v, MaxPrice)
	}
	return ""
}

// finite reports whether v is neither NaN nor infinite.
func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// PublishProblem says why an offer's values cannot be published ("" when they can): a
// price or sale price PriceProblem refuses, or a weight, dose, potency or terpene
// amount that is not a finite number. The scraper refuses such values before they
// are stored; a database written before that rule (or by hand) may still hold them,
// and a publish leaves those offers out rather than fail on one value.
func PublishProblem(o *Offer) string {
	if p := PriceProblem(o.Price); p != "" {
		return "price " + p
	}
	if p := PriceProblem(o.SalePrice); p != "" {
		return "sale price " + p
	}
	for _, f := range []struct {
		name string
		v    *float64
	}{{"weight", &o.Grams}, {"dose", &o.Milligrams}, {"THC", o.THC}, {"CBD", o.CBD}, {"THC low", o.THCLow},
		{"CBD low", o.CBDLow}} {
		if f.v != nil && !finite(*f.v) {
			return fmt.Sprintf("%s %v is not a number", f.name, *f.v)
		}
	}
	for _, t := range o.Terpenes {
		if t.Amount != nil && !finite(*t.Amount) {
			return fmt.Sprintf("terpene %s amount %v is not a number", Clip(t.Name), *t.Amount)
		}
	}
	return TextProblem(o)
}
