package scraper

import (
	"testing"

	"github.com/ohiomc/omc/data"
)

func TestProductCode(t *testing.T) {
	tests := []struct {
		name string
		o    data.Offer
		want string
	}{
		{"brand name size", data.Offer{Brand: "Klutch", Name: "Wedding Cake", Grams: 3.5}, "klutch-wedding-cake-3-5g"},
		{"half gram agrees with .5g", data.Offer{Brand: "Select", Name: "Cali Cart", Grams: 0.5}, "select-cali-cart-0-5g"},
		{"edible dose", data.Offer{Brand: "Wana", Name: "Sour Gummies", Milligrams: 100}, "wana-sour-gummies-100mg"},
		{"no size", data.Offer{Brand: "Grav", Name: "Glass Pipe"}, "grav-glass-pipe"},
		{"punctuation and accents folded", data.Offer{Brand: "Riviera Creek", Name: "Uptown F (Smalls)!", Grams: 7}, "riviera-creek-uptown-f-smalls-7g"},
		{"no name falls back to the id", data.Offer{ProductID: "AB_12"}, "product-ab-12"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ProductCode(tt.o); got != tt.want {
				t.Errorf("ProductCode = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestIdentifySetsTheCode(t *testing.T) {
	o := data.Offer{Brand: "Klutch", Name: "Wedding Cake", Grams: 3.5}
	Identify(&o)
	if o.Code != "klutch-wedding-cake-3-5g" {
		t.Errorf("Code = %q", o.Code)
	}
}
