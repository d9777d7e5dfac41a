package publish

import (
	"testing"

	"github.com/ohiomc/omc/data"
)

// TestUnitPrice checks the one unit-price rule of every snapshot (unitPriceFor, through
// an offer's unitPriceOf as the builders call it).
func TestUnitPrice(t *testing.T) {
	for _, tt := range []struct {
		name string
		o    data.Offer
		want float64
		unit string
	}{
		{"flower per gram, sale price paid", data.Offer{Category: data.Flower, Grams: 3.5, Price: 45, SalePrice: 36}, 10.29, "g"},
		{"preroll per gram", data.Offer{Category: data.Preroll, Grams: 0.5, Price: 8}, 16, "g"},
		{"edible per 100 mg", data.Offer{Category: data.Edible, Milligrams: 50, Price: 15}, 30, "100mg"},
		{"sale above price ignored", data.Offer{Category: data.Vape, Grams: 1, Price: 40, SalePrice: 50}, 40, "g"},
		{"unknown weight", data.Offer{Category: data.Flower, Price: 45}, 0, ""},
		{"edible without dose", data.Offer{Category: data.Edible, Grams: 10, Price: 15}, 0, ""},
		{"other", data.Offer{Category: data.Other, Grams: 30, Price: 15}, 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := &offer{desc: &desc{Offer: &tt.o}, Price: tt.o.Price, SalePrice: tt.o.SalePrice}
			v, unit := o.unitPriceOf()
			if tt.unit == "" {
				if v != nil || unit != nil {
					t.Errorf("got %v %v, want none", *v, *unit)
				}
				return
			}
			if v == nil || *v != tt.want || *unit != tt.unit {
				t.Errorf("got %v %v, want %v %s", v, unit, tt.want, tt.unit)
			}
		})
	}
}
