package scraper

import (
	"math"
	"slices"
	"testing"

	"github.com/ohiomc/omc/data"
)

func TestCheckOffer(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	good := data.Offer{Name: "Muul Fuel", Category: data.Flower, Grams: 2.83, Price: 38, SalePrice: 26.6, THC: f(20), PotencyUnit: "%", URL: "https://bloom.example/p/1"}
	tests := []struct {
		name   string
		change func(o *data.Offer)
		want   []string
	}{
		{"plausible offer", func(o *data.Offer) {}, nil},
		{"THC over 100 %", func(o *data.Offer) { o.THC = f(240) }, []string{WarnTHCOver}},
		{"edible mg within bound", func(o *data.Offer) {
			o.Category, o.Grams, o.Milligrams, o.THC, o.PotencyUnit = data.Edible, 0, 100, f(100), "mg"
		}, nil},
		{"edible mg over bound", func(o *data.Offer) {
			o.Category, o.Grams, o.Milligrams, o.THC, o.PotencyUnit = data.Edible, 0, 10000, f(10000), "mg"
		}, []string{WarnMgOver}},
		{"negative potency", func(o *data.Offer) { o.CBD = f(-1) }, []string{WarnNegativeTHC}},
		{"zero price", func(o *data.Offer) { o.Price, o.SalePrice = 0, 0 }, []string{WarnPriceNotAbove}},
		{"negative price", func(o *data.Offer) { o.Price, o.SalePrice = -5, 0 }, []string{WarnPriceRefused}},
		{"sale above regular", func(o *data.Offer) { o.SalePrice = 45 }, []string{WarnSaleOver}},
		{"sale equal to regular", func(o *data.Offer) { o.SalePrice = 38 }, []string{WarnSaleOver}},
		{"negative sale", func(o *data.Offer) { o.SalePrice = -1 }, []string{WarnSaleRefused}},
		{"price in cents", func(o *data.Offer) { o.Price, o.SalePrice = 3800, 0 }, []string{WarnPerGram}},
		{"a pound and more", func(o *data.Offer) { o.Grams = 1000 }, []string{WarnWeight}},
		{"javascript URL", func(o *data.Offer) { o.URL = "javascript:alert(1)" }, []string{WarnURL}},
		{"several at once", func(o *data.Offer) { o.THC, o.SalePrice = f(101), 40 }, []string{WarnTHCOver, WarnSaleOver}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := good
			tt.change(&o)
			before := o
			CheckOffer(&o)
			if !slices.Equal(o.Warnings, tt.want) {
				t.Errorf("warnings = %q, want %q", o.Warnings, tt.want)
			}
			// Values are kept as the menu gave them; only an unsafe URL and values that
			// cannot be prices are removed.
			refused := slices.Contains(tt.want, WarnPriceRefused) || slices.Contains(tt.want, WarnSaleRefused)
			if !refused && (o.Price != before.Price || o.SalePrice != before.SalePrice || o.Grams != before.Grams) {
				t.Errorf("values changed: %+v", o)
			}
			if slices.Contains(tt.want, WarnURL) && o.URL != "" {
				t.Errorf("unsafe URL kept: %q", o.URL)
			}
			CheckOffer(&o)
			if !slices.Equal(o.Warnings, tt.want) {
				t.Errorf("checking twice repeats warnings: %q", o.Warnings)
			}
		})
	}
}

func TestCheckMenuCountsAndDescribes(t *testing.T) {
	offers := []data.Offer{
		{Category: data.Flower, Grams: 3.5, Price: 40},
		{Category: data.Flower, Grams: 3.5, Price: 0},
		{Category: data.Flower, Grams: 3.5, Price: -1},
	}
	if n := CheckMenu(offers); n != 2 {
		t.Errorf("warned = %d, want 2", n)
	}
	if got := describeWarnings(offers); got != "1× "+WarnPriceNotAbove+"; 1× "+WarnPriceRefused {
		t.Errorf("describe = %q", got)
	}
}

// TestCheckOfferRefusesWhatCannotBeAPrice: a value that is not a finite number from $0
// to data.MaxPrice never reaches the store as a price (a price of 1.7e308
// became +Inf in cents and stopped every publish; a NaN would make SQLite refuse the
// whole menu), and weights and potencies that are not numbers are refused alike. The
// offer is kept, with a warning saying what was refused.
func TestCheckOfferRefusesWhatCannotBeAPrice(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	for _, tt := range []struct {
		name  string
		offer data.Offer
		want  []string
	}{
		{"near the float64 limit", data.Offer{Category: data.Flower, Grams: 3.5, Price: 1.7e308}, []string{WarnPriceRefused}},
		{"infinite", data.Offer{Category: data.Flower, Grams: 3.5, Price: math.Inf(1)}, []string{WarnPriceRefused}},
		{"not a number", data.Offer{Category: data.Flower, Grams: 3.5, Price: math.NaN()}, []string{WarnPriceRefused}},
		{"absurd", data.Offer{Category: data.Edible, Price: data.MaxPrice + 1}, []string{WarnPriceRefused}},
		{"absurd sale", data.Offer{Category: data.Edible, Price: 20, SalePrice: 1e300}, []string{WarnSaleRefused}},
		{"weight and potency not numbers", data.Offer{Category: data.Flower, Price: 40, Grams: math.NaN(), THC: f(math.Inf(1)),
			Terpenes: []data.Terpene{{Name: "Myrcene", Amount: f(math.NaN()), Unit: "%"}}}, []string{WarnNotANumber}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := tt.offer
			CheckOffer(&o)
			if !slices.Equal(o.Warnings, tt.want) {
				t.Errorf("warnings = %q, want %q", o.Warnings, tt.want)
			}
			if why := data.PublishProblem(&o); why != "" {
				t.Errorf("the checked offer still cannot be published: %s", why)
			}
		})
	}
	// dollars keeps a value too large for cents as it is (not +Inf), for the check to refuse.
	if got := dollars(1.7e308); math.IsInf(got, 0) {
		t.Errorf("dollars(1.7e308) = %v", got)
	}
}
