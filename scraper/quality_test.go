package scraper

import (
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
		{"negative price", func(o *data.Offer) { o.Price, o.SalePrice = -5, 0 }, []string{WarnPriceNotAbove}},
		{"sale above regular", func(o *data.Offer) { o.SalePrice = 45 }, []string{WarnSaleOver}},
		{"sale equal to regular", func(o *data.Offer) { o.SalePrice = 38 }, []string{WarnSaleOver}},
		{"negative sale", func(o *data.Offer) { o.SalePrice = -1 }, []string{WarnSaleNegative}},
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
			// Values are kept as the menu gave them; only an unsafe URL is removed.
			if o.Price != before.Price || o.SalePrice != before.SalePrice || o.Grams != before.Grams {
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
	if got := describeWarnings(offers); got != "2× "+WarnPriceNotAbove {
		t.Errorf("describe = %q", got)
	}
}
